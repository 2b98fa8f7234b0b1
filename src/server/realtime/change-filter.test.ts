import { describe, expect, it } from "vitest";
import { FilterError, parseChangeFilter, passesFilter } from "./change-filter.ts";

describe("postgres_changes filters", () => {
  it.each([
    ["id=eq.5", { id: 5 }, "int8", true],
    ["id=eq.5", { id: 6 }, "int8", false],
    ["id=neq.5", { id: 6 }, "int8", true],
    ["id=lt.10", { id: 9 }, "int8", true],
    ["id=lte.10", { id: 10 }, "int8", true],
    ["id=gt.10", { id: 10 }, "int8", false],
    ["id=gte.10", { id: 10 }, "int8", true],
    ["id=in.(1,2,3)", { id: 2 }, "int8", true],
    ["id=in.(1,2,3)", { id: 4 }, "int8", false],
    ["status=eq.done", { status: "done" }, "text", true],
    ['status=in.("new","done")', { status: "done" }, "text", true],
    ["seen=eq.true", { seen: true }, "bool", true],
    ["seen=eq.false", { seen: true }, "bool", false],
    [
      "created_at=gt.2026-11-27T00:00:00Z",
      { created_at: "2026-11-27T10:00:00+00:00" },
      "timestamptz",
      true,
    ],
    ["name=eq.ليلى", { name: "ليلى" }, "text", true],
    ["phone=eq.1", { phone: null }, "text", false],
    ["id=eq.5", {}, "int8", false],
  ])("%s on %j is %s", (filter, record, type, expected) => {
    expect(passesFilter(parseChangeFilter(filter), record, type)).toBe(expected);
  });

  it.each(["id", "id=eq", "=eq.1", "id=like.x", "id=in.1,2"])("refuses %s", (filter) => {
    expect(() => parseChangeFilter(filter)).toThrow(FilterError);
  });
});
