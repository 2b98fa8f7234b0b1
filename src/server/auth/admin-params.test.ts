import { describe, expect, it } from "vitest";
import { banUntil, parseGoDuration } from "./admin-params.ts";

describe("parseGoDuration", () => {
  const durations: [string, number][] = [
    ["0", 0],
    ["-0", 0],
    ["24h", 86_400_000],
    ["1h30m", 5_400_000],
    ["1.5h", 5_400_000],
    [".5s", 500],
    ["1.s", 1000],
    ["+90m", 5_400_000],
    ["-1s", -1000],
    ["300ms", 300],
    ["2000us", 2],
    ["1000000ns", 1],
    ["10\u00b5s", 0.01],
    ["876000h", 876_000 * 3_600_000],
  ];
  it.each(durations)("reads %j as %d ms", (text, milliseconds) => {
    expect(parseGoDuration(text)).toEqual({ milliseconds });
  });

  // Go's own words (time/format.go), which GoTrue passes on after "invalid format for ban duration: ".
  const errors: [string, string][] = [
    ["", 'time: invalid duration ""'],
    ["abc", 'time: invalid duration "abc"'],
    [".h", 'time: invalid duration ".h"'],
    ["-", 'time: invalid duration "-"'],
    ["10", 'time: missing unit in duration "10"'],
    ["1h10", 'time: missing unit in duration "1h10"'],
    ["1d", 'time: unknown unit "d" in duration "1d"'],
    ["1 h", 'time: unknown unit " h" in duration "1 h"'],
    ["3\u0645", 'time: unknown unit "\\xd9\\x85" in duration "3\\xd9\\x85"'],
    ["3000000h", 'time: invalid duration "3000000h"'],
  ];
  it.each(errors)("refuses %j with %j", (text, error) => {
    expect(parseGoDuration(text)).toEqual({ error });
  });
});

describe("banUntil", () => {
  it("lifts a ban for none and for a zero duration", () => {
    expect(banUntil("none")).toBeNull();
    expect(banUntil("0s")).toBeNull();
  });

  it("bans from now, and refuses a bad duration with validation_failed", () => {
    const until = banUntil("2h");
    expect(until!.getTime() - Date.now()).toBeGreaterThan(7_199_000);
    expect(() => banUntil("2 days")).toThrow(
      expect.objectContaining({
        status: 400,
        code: "validation_failed",
        message: 'invalid format for ban duration: time: unknown unit " days" in duration "2 days"',
      }),
    );
  });
});
