import { describe, expect, it } from "vitest";
import { arrivals, memberName, othersIn, PresenceBook } from "./presence.ts";

describe("who else has a section open", () => {
  const state = {
    me: [{ section: "stories", name: "me@example.com", presence_ref: "1" }],
    layla: [
      { section: "links", name: "Layla", presence_ref: "2" },
      { section: "stories", name: "Layla", presence_ref: "3" },
    ],
    omar: [{ section: "stories", name: "omar@example.com", presence_ref: "4" }],
    huda: [{ section: null, name: "Huda", presence_ref: "5" }],
  };

  it("names each other member once, whatever their tabs, never this member", () => {
    expect(othersIn(state, "stories", "me")).toEqual([
      { key: "layla", name: "Layla" },
      { key: "omar", name: "omar@example.com" },
    ]);
    expect(othersIn(state, "links", "me")).toEqual([{ key: "layla", name: "Layla" }]);
    expect(othersIn(state, "programs", "me")).toEqual([]);
    // The history is no section: nobody is shown as editing it.
    expect(othersIn(state, null, "me")).toEqual([]);
  });

  it("reads what another browser sent with care", () => {
    const odd = {
      a: [{ section: "nowhere", name: "A" }],
      b: [null, "text", { section: "links", name: 42 }],
      c: [{ section: "links", name: `  ${"c".repeat(300)}  ` }],
    };
    expect(othersIn(odd, "links", "me")).toEqual([
      { key: "b", name: "" },
      { key: "c", name: "c".repeat(200) },
    ]);
  });

  it("says only who arrived since, not who was there already", () => {
    const before = [{ key: "layla", name: "Layla" }];
    const now = [
      { key: "layla", name: "Layla" },
      { key: "omar", name: "Omar" },
    ];
    expect(arrivals(before, now)).toEqual([{ key: "omar", name: "Omar" }]);
    expect(arrivals(now, before)).toEqual([]);
  });

  it("names a member by the name their account carries, else by their address", () => {
    expect(
      memberName({ email: "layla@example.com", user_metadata: { full_name: " Layla " } }),
    ).toBe("Layla");
    expect(memberName({ email: "layla@example.com", user_metadata: { name: "ليلى" } })).toBe(
      "ليلى",
    );
    expect(memberName({ email: "layla@example.com", user_metadata: { name: " " } })).toBe(
      "layla@example.com",
    );
    expect(memberName({ user_metadata: {} })).toBe("");
  });

  it("keeps each member's presence by reference, so a move in one track leaves nothing behind", () => {
    const book = new PresenceBook();
    book.joined("layla", [{ section: "stories", name: "Layla", presence_ref: "1" }]);
    book.joined("layla", [{ section: "links", name: "Layla", presence_ref: "2" }]);
    book.left("layla", [{ section: "stories", name: "Layla", presence_ref: "1" }]);
    book.joined("omar", [{ section: "links", name: "Omar", presence_ref: "3" }]);
    expect(othersIn(book.state(), "stories", "me")).toEqual([]);
    expect(othersIn(book.state(), "links", "me").map(({ name }) => name)).toEqual([
      "Layla",
      "Omar",
    ]);
    book.left("omar", [{ presence_ref: "3" }]);
    book.left("nobody", [{ presence_ref: "4" }]);
    expect(Object.keys(book.state())).toEqual(["layla"]);
  });
});
