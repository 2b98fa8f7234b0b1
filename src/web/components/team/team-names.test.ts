import { describe, expect, it } from "vitest";
import { teamNames } from "./team-names.ts";

const members = [
  { id: "1", email: "layla@example.org", name: "ليلى" },
  { id: "2", email: "layla.h@example.org", name: " ليلى " },
  { id: "3", email: "omar@example.org", name: "Omar" },
  { id: "4", email: "sara@example.org", name: null },
  { id: "5", email: "sam@example.org", name: "Sam\u202e" },
];

describe("teamNames", () => {
  const nameOf = teamNames(members);

  it("names a member by their name, found by id or address", () => {
    expect(nameOf({ id: "3" })).toBe("Omar");
    expect(nameOf({ email: "Omar@Example.org" })).toBe("Omar");
  });

  it("adds the address where two members' names clash", () => {
    expect(nameOf({ id: "1" })).toBe("ليلى (layla@example.org)");
    expect(nameOf({ email: "layla.h@example.org" })).toBe("ليلى (layla.h@example.org)");
    expect(nameOf({ id: "3", name: "ليلى" })).toBe("ليلى (omar@example.org)");
  });

  it("falls back to the whole address, never to a name that would reorder the line", () => {
    expect(nameOf({ id: "4" })).toBe("sara@example.org");
    expect(nameOf({ id: "5" })).toBe("sam@example.org");
    expect(nameOf({ email: "gone@example.org" })).toBe("gone@example.org");
    expect(nameOf({ id: "9" })).toBeUndefined();
    expect(nameOf({})).toBeUndefined();
  });

  it("prefers the name presence announced, checked as any other", () => {
    expect(nameOf({ id: "4", name: "Sara" })).toBe("Sara");
    expect(nameOf({ id: "9", name: "Visitor" })).toBe("Visitor");
    expect(nameOf({ id: "3", name: "\u202eevil" })).toBe("Omar");
    expect(nameOf({ id: "3", name: "omar@example.org" })).toBe("Omar");
  });

  it("reads an empty list (not yet read) as addresses", () => {
    expect(teamNames([])({ email: "layla@example.org" })).toBe("layla@example.org");
  });
});
