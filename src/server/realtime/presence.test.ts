import { describe, expect, it } from "vitest";
import { PresenceTracker } from "./presence.ts";

describe("presence", () => {
  it("tracks, updates and untracks, with Phoenix's diffs", () => {
    const tracker = new PresenceTracker();
    const joined = tracker.track("public:room", "channel-a", "layla", { section: "stories" });
    const ref = joined.joins.layla?.metas[0]?.phx_ref;
    expect(joined.leaves).toEqual({});
    expect(tracker.state("public:room")).toEqual({
      layla: { metas: [{ section: "stories", phx_ref: ref }] },
    });

    const moved = tracker.track("public:room", "channel-a", "layla", { section: "links" });
    expect(moved.joins.layla?.metas[0]).toMatchObject({ section: "links", phx_ref_prev: ref });
    expect(moved.leaves.layla?.metas[0]).toMatchObject({ section: "stories", phx_ref: ref });

    expect(tracker.untrack("public:room", "channel-a")?.leaves.layla?.metas).toHaveLength(1);
    expect(tracker.state("public:room")).toEqual({});
    expect(tracker.untrack("public:room", "channel-a")).toBeUndefined();
  });

  it("keeps another instance's presences until it is lost", () => {
    const tracker = new PresenceTracker();
    tracker.applyRemoteDiff("instance-b", "private:team:editor", {
      joins: { omar: { metas: [{ phx_ref: "r1", section: "pages" }] } },
      leaves: {},
    });
    tracker.track("private:team:editor", "channel-a", "layla", { section: "stories" });
    expect(Object.keys(tracker.state("private:team:editor")).sort()).toEqual(["layla", "omar"]);

    const lost = tracker.forget((instance) => instance === "instance-b");
    expect(lost).toEqual([
      {
        topic: "private:team:editor",
        diff: { joins: {}, leaves: { omar: { metas: [{ phx_ref: "r1", section: "pages" }] } } },
      },
    ]);
    expect(Object.keys(tracker.state("private:team:editor"))).toEqual(["layla"]);
  });
});
