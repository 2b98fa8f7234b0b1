import { describe, expect, it } from "vitest";
import { checkMemberName, memberNameLimit, nameInMetadata } from "./member-name.ts";

describe("checkMemberName", () => {
  it.each([
    ["  ليلى حداد  ", { name: "ليلى حداد" }],
    ["Layla", { name: "Layla" }],
    ["", { problem: "empty" }],
    ["   ", { problem: "empty" }],
    ["ل".repeat(memberNameLimit), { name: "ل".repeat(memberNameLimit) }],
    ["ل".repeat(memberNameLimit + 1), { problem: "long" }],
    ["Layla\u202eadmin", { problem: "characters" }],
    ["Layla\u2067x", { problem: "characters" }],
    ["Lay\nla", { problem: "characters" }],
    ["Layla\u0000", { problem: "characters" }],
  ])("%j", (value, expected) => {
    expect(checkMemberName(value)).toEqual(expected);
  });
});

describe("nameInMetadata", () => {
  it("reads full_name, then name, and skips what may not be shown", () => {
    expect(nameInMetadata({ full_name: " Layla ", name: "L" })).toBe("Layla");
    expect(nameInMetadata({ full_name: "\u202e", name: "Omar" })).toBe("Omar");
    expect(nameInMetadata({ full_name: 3 })).toBeUndefined();
    expect(nameInMetadata(null)).toBeUndefined();
  });
});
