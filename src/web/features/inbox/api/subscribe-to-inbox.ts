import type { RealtimeChannel } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import {
  joinAttempts,
  readInboxEvent,
  type ChangePayload,
  type ChannelStatus,
  type InboxEvent,
} from "../model/live-inbox.ts";

export interface InboxListener {
  onEvent: (event: InboxEvent) => void;
  onStatus: (status: ChannelStatus) => void;
  /** No realtime answered: nothing live will come. */
  onUnavailable: () => void;
}

let channels = 0;

/**
 * Hears every change to the submissions, each change and deletion recorded of them, their
 * threads (replies, answers, deliveries) and the team's saved replies, as the database lets this
 * member read them (Supabase Realtime's postgres_changes under row-level security). supabase-js
 * joins with the session's token and, after a lost connection, joins again by itself. Answers
 * how to stop hearing. Where no realtime answers, it stops asking after a few joins: the inbox
 * reads on request, as without it.
 *
 * The browser's own word on the network comes first: `offline` is said as the channel's error at
 * once (the heartbeat would notice only after seconds), and `online` either finds the channel
 * still joined (said as joined, and checked by a heartbeat that ends the connection if it does
 * not come back) or connects now rather than after realtime-js's back-off.
 */
export function subscribeToInbox({ onEvent, onStatus, onUnavailable }: InboxListener): () => void {
  let stopped = false;
  let failures = 0;
  let joined = false;
  let channel: RealtimeChannel | undefined;
  const client = getSupabase();

  const stop = ({ givingUp = false } = {}) => {
    const leaving = channel;
    channel = undefined;
    if (!leaving) return;
    void client
      .then(async (supabase) => {
        await supabase.removeChannel(leaving);
        // Nothing else listening: stop trying to connect at once, not after realtime-js's
        // delay for an empty connection, which goes on retrying a refused one meanwhile.
        if (givingUp && supabase.getChannels().length === 0) await supabase.realtime.disconnect();
      })
      .catch(() => {});
  };

  void client
    .then(async (supabase) => {
      // supabase-js hands realtime the token of the last sign-in or refresh, not the one that
      // proving a code (aal2) gave: without this, the join would carry an aal1 token, under
      // which a member reads nothing. No token names the session's own, as it is now.
      await supabase.realtime.setAuth();
      return supabase;
    })
    .then((supabase) => {
      if (stopped) return;
      const hear = (payload: ChangePayload) => {
        const event = readInboxEvent(payload);
        if (event && !stopped) onEvent(event);
      };
      // A name of its own: a second inbox in this tab (a remount) never shares a closing channel.
      channels += 1;
      channel = supabase
        .channel(`inbox-${channels}`)
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "contact_submissions" },
          hear,
        )
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "contact_submission_changes" },
          hear,
        )
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "contact_submission_deletions" },
          hear,
        )
        // A reply, an answer, or a reply's delivery: the open submission's thread is read again.
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "submission_messages" },
          hear,
        )
        // A saved reply added, edited or deleted: the team's saved replies are read again.
        .on("postgres_changes", { event: "*", schema: "public", table: "saved_replies" }, hear)
        .subscribe((state) => {
          // supabase-js's enum, read as the plain strings it holds.
          const status: ChannelStatus = state;
          if (stopped) return;
          onStatus(status);
          if (status === "SUBSCRIBED") joined = true;
          else if (!joined && status !== "CLOSED" && ++failures >= joinAttempts) {
            stop({ givingUp: true });
            onUnavailable();
          }
        });
    })
    // No client, or no WebSocket in this browser: nothing live, and nothing else changes.
    .catch(() => {
      if (!stopped) onUnavailable();
    });

  const offline = () => {
    if (!stopped && joined) onStatus("CHANNEL_ERROR");
  };
  const online = () => {
    void client
      .then((supabase) => {
        if (stopped || !channel) return;
        if (!supabase.realtime.isConnected()) {
          supabase.realtime.connect();
        } else if (channel.state === "joined") {
          onStatus("SUBSCRIBED");
          void supabase.realtime.sendHeartbeat();
        }
      })
      .catch(() => {});
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);

  return () => {
    stopped = true;
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
    stop();
  };
}
