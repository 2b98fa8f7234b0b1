import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { presencePace, rejoinPace } from "../model/presence-pace.ts";
import { joinEditors, type EditorsListener } from "./join-editors.ts";
import type { ChannelStatus, TeamChannel, openTeamChannel } from "./team-channel.ts";

type Handler = (payload: Record<string, unknown>) => void;

/** A channel as the team's realtime would open it: what it tracked, and a way to answer it. */
function fakeChannel() {
  const handlers = new Map<string, Handler>();
  let heard: (status: ChannelStatus) => void = () => {};
  const tracked: unknown[] = [];
  const channel = {
    on(_type: string, { event }: { event: string }, handler: Handler) {
      handlers.set(event, handler);
      return channel;
    },
    track: vi.fn((presence: unknown) => {
      tracked.push(presence);
      return Promise.resolve("ok");
    }),
    untrack: vi.fn(),
  };
  const made = {
    channel,
    join: vi.fn((listen: (status: ChannelStatus) => void) => {
      heard = listen;
    }),
    // Leaving says CLOSED at once, as supabase-js's removeChannel does.
    leave: vi.fn(() => heard("CLOSED")),
    tracked,
    status: (status: ChannelStatus) => heard(status),
    presence: (event: string, payload: Record<string, unknown> = {}) =>
      handlers.get(event)?.(payload),
  };
  return made;
}

type FakeChannel = ReturnType<typeof fakeChannel>;

function realtime() {
  const opened: FakeChannel[] = [];
  const open = vi.fn(() => {
    const made = fakeChannel();
    opened.push(made);
    return Promise.resolve(made as unknown as TeamChannel);
  }) as unknown as typeof openTeamChannel;
  return { open, opened };
}

function listening() {
  const states: unknown[] = [];
  const connection: string[] = [];
  const listener: EditorsListener = {
    changed: (state, fresh) => states.push({ state, fresh }),
    connection: (state) => connection.push(state),
  };
  return { listener, states, connection };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const stories = { section: "stories", name: "Layla" } as const;

describe("joinEditors", () => {
  it("moves between sections with one track each, never an untrack", async () => {
    const { open, opened } = realtime();
    const { listener } = listening();
    const editors = joinEditors("me", listener, open);
    editors.show(stories);
    await vi.advanceTimersByTimeAsync(0);
    opened[0]!.status("SUBSCRIBED");
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]!.tracked).toEqual([stories]);
    editors.show({ section: "links", name: "Layla" });
    await vi.advanceTimersByTimeAsync(presencePace.settle);
    expect(opened[0]!.tracked).toEqual([stories, { section: "links", name: "Layla" }]);
    expect(opened[0]!.channel.untrack).not.toHaveBeenCalled();
    editors.leave();
    expect(opened[0]!.leave).toHaveBeenCalled();
  });

  it("hears each member's presence from joins and leaves, a move being both at once", async () => {
    const { open, opened } = realtime();
    const { listener, states } = listening();
    joinEditors("me", listener, open);
    await vi.advanceTimersByTimeAsync(0);
    const channel = opened[0]!;
    channel.status("SUBSCRIBED");
    channel.presence("join", {
      key: "omar",
      newPresences: [{ section: "stories", presence_ref: "1" }],
    });
    channel.presence("sync");
    channel.presence("join", {
      key: "omar",
      newPresences: [{ section: "links", presence_ref: "2" }],
    });
    channel.presence("leave", {
      key: "omar",
      leftPresences: [{ section: "stories", presence_ref: "1" }],
    });
    channel.presence("sync");
    expect(states).toEqual([
      { state: { omar: [{ section: "stories", presence_ref: "1" }] }, fresh: true },
      { state: { omar: [{ section: "links", presence_ref: "2" }] }, fresh: false },
    ]);
  });

  it.each(["CLOSED", "CHANNEL_ERROR", "TIMED_OUT"] as const)(
    "joins again when the channel ends (%s), says it is away meanwhile, and tells its place again",
    async (ending) => {
      const { open, opened } = realtime();
      const { listener, states, connection } = listening();
      const editors = joinEditors("me", listener, open);
      editors.show(stories);
      await vi.advanceTimersByTimeAsync(0);
      opened[0]!.status("SUBSCRIBED");
      await vi.advanceTimersByTimeAsync(0);
      opened[0]!.status(ending);
      expect(opened[0]!.leave).toHaveBeenCalled();
      expect(connection).toEqual(["away"]);
      expect(states.at(-1)).toEqual({ state: {}, fresh: true });
      // The member moves while away: the new channel is told where they are now.
      editors.show({ section: "values", name: "Layla" });
      await vi.advanceTimersByTimeAsync(rejoinPace.first);
      expect(opened).toHaveLength(2);
      // A join that fails again waits longer, and is not said again.
      opened[1]!.status("TIMED_OUT");
      await vi.advanceTimersByTimeAsync(rejoinPace.first * 2 - 1);
      expect(connection).toEqual(["away"]);
      await vi.advanceTimersByTimeAsync(1);
      expect(opened).toHaveLength(3);
      opened[2]!.status("SUBSCRIBED");
      await vi.advanceTimersByTimeAsync(0);
      expect(connection).toEqual(["away", "joined"]);
      expect(opened[2]!.tracked).toEqual([{ section: "values", name: "Layla" }]);
      editors.leave();
    },
  );

  it("keeps trying, at most every half minute, for as long as the editor is open", async () => {
    const { open, opened } = realtime();
    const { listener } = listening();
    const editors = joinEditors("me", listener, open);
    await vi.advanceTimersByTimeAsync(0);
    opened[0]!.status("SUBSCRIBED");
    for (let attempt = 0; attempt < 12; attempt += 1) {
      opened.at(-1)!.status("CHANNEL_ERROR");
      await vi.advanceTimersByTimeAsync(rejoinPace.most);
    }
    expect(opened).toHaveLength(13);
    editors.leave();
    await vi.advanceTimersByTimeAsync(rejoinPace.most * 2);
    expect(opened).toHaveLength(13);
  });

  it("stops asking where no realtime ever answers, saying nothing of being away", async () => {
    const { open, opened } = realtime();
    const { listener, connection } = listening();
    joinEditors("me", listener, open);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await vi.advanceTimersByTimeAsync(rejoinPace.most);
      opened.at(-1)!.status("TIMED_OUT");
    }
    await vi.advanceTimersByTimeAsync(rejoinPace.most * 4);
    expect(opened).toHaveLength(3);
    expect(opened[2]!.leave).toHaveBeenCalledWith({ givingUp: true });
    expect(connection).toEqual([]);
  });
});
