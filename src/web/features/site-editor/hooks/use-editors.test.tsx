import { act, renderHook } from "@testing-library/react";
import type { Session } from "@supabase/supabase-js";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type AuthContextValue } from "../../../auth/auth-context.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import type { EditorsChannel, EditorsListener } from "../api/join-editors.ts";
import type { PresenceState } from "../model/presence.ts";
import { saidFor, useEditors } from "./use-editors.ts";

/** The team's channel as the hook meets it: what it was shown, and a way to send it presence. */
function fakeChannel() {
  const shown: unknown[] = [];
  const leave = vi.fn();
  let heard: EditorsListener = { changed: () => {}, connection: () => {} };
  const join = vi.fn((_member: string, listener: EditorsListener): EditorsChannel => {
    heard = listener;
    return { show: (presence) => shown.push(presence), leave };
  });
  return {
    join,
    shown,
    leave,
    send: (state: PresenceState, fresh = false) => act(() => heard.changed(state, fresh)),
    connection: (state: "joined" | "away") => act(() => heard.connection(state)),
  };
}

const session = {
  user: { id: "me", email: "me@kalima.example", user_metadata: {} },
} as unknown as Session;
const auth = { session, user: session.user, loading: false } as AuthContextValue;
const wrapper = ({ children }: { children: ReactNode }) => (
  <AuthContext value={auth}>{children}</AuthContext>
);

const layla = { section: "stories", name: "Layla" };
const omar = { section: "stories", name: "Omar" };

const arrivedNames = (news: unknown) =>
  (news as { kind: string; editors?: { name: string }[] } | undefined)?.editors?.map(
    ({ name }) => name,
  ) ?? [];

afterEach(() => {
  vi.useRealTimers();
});

describe("useEditors", () => {
  it("joins as this member, shows where they are as they move, and leaves when done", () => {
    const channel = fakeChannel();
    const { rerender, unmount } = renderHook(
      ({ section }: { section: SiteContentSection | null }) => useEditors(section, channel.join),
      { wrapper, initialProps: { section: "stories" } },
    );
    expect(channel.join).toHaveBeenCalledExactlyOnceWith("me", expect.any(Object));
    rerender({ section: "links" });
    rerender({ section: null });
    expect(channel.shown).toEqual([
      { section: "stories", name: "me@kalima.example" },
      { section: "links", name: "me@kalima.example" },
      { section: null, name: "me@kalima.example" },
    ]);
    unmount();
    expect(channel.leave).toHaveBeenCalledOnce();
  });

  it("names who else has the section open, and says only who arrived", () => {
    const channel = fakeChannel();
    const { result, rerender } = renderHook(
      ({ section }: { section: SiteContentSection }) => useEditors(section, channel.join),
      { wrapper, initialProps: { section: "stories" } },
    );
    // Those there at the join were not seen arriving.
    channel.send({ me: [{ section: "stories", name: "me" }], layla: [layla] }, true);
    expect(result.current.others).toEqual([{ key: "layla", name: "Layla" }]);
    expect(result.current.news).toBeUndefined();
    channel.send({ layla: [layla], omar: [omar] });
    expect(result.current.others.map(({ name }) => name)).toEqual(["Layla", "Omar"]);
    expect(arrivedNames(result.current.news)).toEqual(["Omar"]);
    // Leaving is not said; an arrival is not said again in another section.
    channel.send({ layla: [layla] });
    expect(arrivedNames(result.current.news)).toEqual(["Omar"]);
    rerender({ section: "links" });
    expect(result.current).toEqual({ others: [], away: false, news: undefined });
    // A rejoin's state is who is there, not who arrived.
    channel.send({}, true);
    channel.send({ layla: [{ section: "links", name: "Layla" }] }, true);
    expect(result.current.others).toEqual([{ key: "layla", name: "Layla" }]);
    expect(result.current.news).toBeUndefined();
  });

  it("empties what it said once it has had time to be read, so it is not met again", () => {
    vi.useFakeTimers();
    const channel = fakeChannel();
    const { result } = renderHook(() => useEditors("stories", channel.join), { wrapper });
    channel.send({}, true);
    channel.send({ omar: [omar] });
    expect(arrivedNames(result.current.news)).toEqual(["Omar"]);
    act(() => void vi.advanceTimersByTime(saidFor - 1));
    expect(arrivedNames(result.current.news)).toEqual(["Omar"]);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.news).toBeUndefined();
    // The line itself stays: only the status is emptied.
    expect(result.current.others).toEqual([{ key: "omar", name: "Omar" }]);
  });

  it("says when the channel is lost and when it is back, and shows the lost state meanwhile", () => {
    vi.useFakeTimers();
    const channel = fakeChannel();
    const { result } = renderHook(() => useEditors("stories", channel.join), { wrapper });
    channel.connection("away");
    channel.send({}, true);
    expect(result.current).toMatchObject({ away: true, news: { kind: "away" }, others: [] });
    act(() => void vi.advanceTimersByTime(saidFor));
    expect(result.current).toMatchObject({ away: true, news: undefined });
    channel.connection("joined");
    channel.send({ omar: [omar] }, true);
    expect(result.current).toMatchObject({ away: false, news: { kind: "back" } });
    expect(result.current.others).toEqual([{ key: "omar", name: "Omar" }]);
  });
});
