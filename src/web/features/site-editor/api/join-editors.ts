// Who else has the site editor open, and where: presence on the team's private channel, which
// the database lets members at aal2 join (policies on realtime.messages for `team:` topics).
// Anyone else, or a project without realtime, simply sees no one.
import { PresenceBook, type EditorPresence, type PresenceState } from "../model/presence.ts";
import { PresencePacer, rejoinDelay } from "../model/presence-pace.ts";
import { openTeamChannel, type TeamChannel } from "./team-channel.ts";

export interface EditorsChannel {
  /** Says where this member is now; said again after every rejoin. */
  show: (presence: EditorPresence) => void;
  leave: () => void;
}

export interface EditorsListener {
  /**
   * Everyone's presence after each change; `fresh` marks the first state after a join or a
   * rejoin, which tells who is there, not who arrived. Lost, the state is empty.
   */
  changed: (state: PresenceState, fresh: boolean) => void;
  /** The channel lost after it had joined (`away`, joining again), or joined again. */
  connection: (state: "joined" | "away") => void;
}

/** Joins that may fail before the first succeeds, before the editor stops asking for one. */
const joinAttempts = 3;

/**
 * Joins the editors' channel as `member`. Whatever ends the channel (the server closing it, an
 * error, a join timing out, the socket dropping), it is left and joined again after a wait that
 * grows, and this member's place is told again. `open` is the team's channel; a test passes its
 * own.
 */
export function joinEditors(
  member: string,
  listener: EditorsListener,
  open: typeof openTeamChannel = openTeamChannel,
): EditorsChannel {
  const pacer = new PresencePacer<EditorPresence>();
  let current: TeamChannel | undefined;
  let stopped = false;
  let everJoined = false;
  let away = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function lost(channel: TeamChannel | undefined) {
    pacer.lost();
    const wasJoined = everJoined;
    failures += 1;
    const givingUp = !wasJoined && failures >= joinAttempts;
    // Forgotten first: leaving says CLOSED, which is then no longer this channel's news.
    current = undefined;
    channel?.leave({ givingUp });
    listener.changed({}, true);
    if (givingUp) return;
    if (wasJoined && !away) {
      away = true;
      listener.connection("away");
    }
    retry = setTimeout(connect, rejoinDelay(failures));
  }

  function connect() {
    retry = undefined;
    if (stopped) return;
    open("team:site-editor", { presence: { key: member } }, () => stopped).then(
      (opened) => {
        if (!opened) return;
        if (stopped) {
          opened.leave();
          return;
        }
        current = opened;
        const book = new PresenceBook();
        let fresh = true;
        const channel = opened.channel
          .on("presence", { event: "join" }, ({ key, newPresences }) => {
            book.joined(key, newPresences);
          })
          .on("presence", { event: "leave" }, ({ key, leftPresences }) => {
            book.left(key, leftPresences);
          })
          .on("presence", { event: "sync" }, () => {
            if (current !== opened) return;
            listener.changed(book.state(), fresh);
            fresh = false;
          });
        opened.join((status) => {
          if (stopped || current !== opened) return;
          if (status !== "SUBSCRIBED") {
            lost(opened);
            return;
          }
          failures = 0;
          everJoined = true;
          if (away) {
            away = false;
            listener.connection("joined");
          }
          pacer.joined((presence) => void channel.track({ ...presence }).catch(() => undefined));
        });
      },
      () => {
        if (!stopped) lost(undefined);
      },
    );
  }

  connect();
  return {
    show(presence) {
      pacer.want(presence);
    },
    leave() {
      stopped = true;
      pacer.stop();
      if (retry !== undefined) clearTimeout(retry);
      current?.leave();
      current = undefined;
    },
  };
}
