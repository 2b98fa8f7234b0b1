// The site editor's channels on the team's private topics (`team:`), which the database lets
// members at aal2 join. supabase-js hands back the channel already made under a topic while it
// is still leaving, which then hears nothing more: an editor opened again soon after it was left
// (a tab's quick return, React's second run of an effect) waits for the earlier one to be gone.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";

const leaving = new Map<string, Promise<unknown>>();

/** Joins that may fail before the first succeeds, before the editor stops asking for one. */
const joinAttempts = 3;

export type ChannelStatus = "SUBSCRIBED" | "TIMED_OUT" | "CLOSED" | "CHANNEL_ERROR";

export interface TeamChannel {
  channel: RealtimeChannel;
  /**
   * Joins, telling each status. Where no realtime answers (a project without it, a socket
   * blocked on the way), it stops asking after a few joins: the editor works as without it.
   */
  join: (heard: (status: ChannelStatus) => void) => void;
  /**
   * Leaves the channel; the next one on its topic waits for that. `givingUp`: no other join is
   * coming, and with no other channel left the socket is closed too.
   */
  leave: (options?: { givingUp?: boolean }) => void;
}

/**
 * A new channel on `topic`, private, once this tab's earlier one there has left. Answers
 * undefined when `stopped` says it is no longer wanted by then.
 */
export async function openTeamChannel(
  topic: `team:${string}`,
  config: { presence?: { key: string } },
  stopped: () => boolean,
): Promise<TeamChannel | undefined> {
  const supabase: SupabaseClient = await getSupabase();
  // The session's token now, the second factor's included: supabase-js hands realtime the one
  // of the last sign-in or refresh, under which a member reads nothing.
  await supabase.realtime.setAuth();
  await leaving.get(topic);
  if (stopped()) return undefined;
  const channel = supabase.channel(topic, { config: { ...config, private: true } });
  const leave = ({ givingUp = false } = {}) => {
    const left = supabase
      .removeChannel(channel)
      .then(() => {
        // Nothing else listening: stop trying to connect now, not after realtime-js's delay.
        if (givingUp && supabase.getChannels().length === 0) void supabase.realtime.disconnect();
      })
      .catch(() => undefined);
    leaving.set(topic, left);
  };
  return {
    channel,
    join: (heard) => {
      let joined = false;
      let failures = 0;
      channel.subscribe((state) => {
        // supabase-js's enum, read as the plain strings it holds.
        const status: ChannelStatus = state;
        heard(status);
        if (status === "SUBSCRIBED") joined = true;
        else if (!joined && status !== "CLOSED" && ++failures === joinAttempts) {
          leave({ givingUp: true });
        }
      });
    },
    leave,
  };
}
