import { describe, expect, it } from "vitest";
import {
  FilterError,
  parseChangeFilter,
  parseChangeFilters,
  passesFilter,
} from "./change-filter.ts";

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

  it("splits comma-joined filters where the comma is neither quoted nor in a list", () => {
    expect(parseChangeFilters('id=in.(1,2),name=eq."a,\\"b\\"",age=lt.30')).toEqual([
      { column: "id", operator: "in", values: ["1", "2"] },
      { column: "name", operator: "eq", values: ['a,"b"'] },
      { column: "age", operator: "lt", values: ["30"] },
    ]);
    expect(() => parseChangeFilters("id=eq.1,age=like.3")).toThrow(FilterError);
    expect(() => parseChangeFilters(Array(11).fill("id=eq.1").join(","))).toThrow(
      "a subscription takes at most 10 filters",
    );
  });
});
