// Who else has the site editor open, and where: presence on the team's private channel, which
// the database lets members at aal2 join (policies on realtime.messages for `team:` topics).
// Anyone else, or a project without realtime, simply sees no one.
import type { RealtimeChannel } from "@supabase/supabase-js";
import type { EditorPresence, PresenceState } from "../model/presence.ts";
import { openTeamChannel } from "./team-channel.ts";

export interface EditorsChannel {
  /** Says where this member is now; said again after every rejoin. */
  show: (presence: EditorPresence) => void;
  leave: () => void;
}

/**
 * `changed` hears everyone's presence after each change; `fresh` marks the first state after a
 * join or a rejoin, which tells who is there, not who arrived. Lost, the state is empty.
 */
export type PresenceListener = (state: PresenceState, fresh: boolean) => void;

export function joinEditors(member: string, changed: PresenceListener): EditorsChannel {
  let shown: EditorPresence | undefined;
  let channel: RealtimeChannel | undefined;
  let joined = false;
  let tracked = false;
  let sending = Promise.resolve();
  let fresh = true;
  let stopped = false;
  let stop = () => {};
  // supabase-js 2.109 keeps a member's earlier entry when they track again, an update its
  // presence mishandles (supabase/supabase-js#2565): untracked first, the move is a leave and a
  // join, which it handles, and which is what a move between sections is.
  const send = () => {
    sending = sending
      .then(async () => {
        if (!joined || !channel || !shown) return;
        if (tracked) await channel.untrack();
        await channel.track({ ...shown });
        tracked = true;
      })
      .catch(() => undefined);
  };
  void openTeamChannel("team:site-editor", { presence: { key: member } }, () => stopped)
    .then((opened) => {
      if (!opened) return;
      const made = opened.channel.on("presence", { event: "sync" }, () => {
        changed(made.presenceState(), fresh);
        fresh = false;
      });
      channel = made;
      stop = opened.leave;
      opened.join((status) => {
        if (stopped) return;
        joined = status === "SUBSCRIBED";
        tracked = false;
        if (joined) {
          send();
          return;
        }
        fresh = true;
        changed({}, true);
      });
    })
    .catch(() => undefined);
  return {
    show(presence) {
      shown = presence;
      send();
    },
    leave() {
      stopped = true;
      stop();
    },
  };
}
