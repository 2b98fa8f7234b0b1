import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  nextSendAt,
  PresencePacer,
  presencePace,
  rejoinDelay,
  rejoinPace,
} from "./presence-pace.ts";

const { settle, most, per } = presencePace;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Every message a pacer sends, with when: what the server would count. */
function watched() {
  const pacer = new PresencePacer<string>();
  const sent: { at: number; value: string }[] = [];
  pacer.joined((value) => sent.push({ at: Date.now(), value }));
  return { pacer, sent };
}

/** The most messages sent in any window of `per`, as the server's sliding window counts. */
function busiest(sent: readonly { at: number }[]) {
  return Math.max(
    0,
    ...sent.map(({ at }) => sent.filter((each) => each.at >= at && each.at < at + per).length),
  );
}

describe("the pace of presence", () => {
  it("stays well under the server's 10 messages a channel in 30 s", () => {
    expect(most).toBeLessThanOrEqual(5);
    expect(per).toBeGreaterThanOrEqual(30_000);
    expect(nextSendAt([], 5)).toBe(5);
    expect(nextSendAt([1, 2, 3], 10)).toBe(10);
    expect(nextSendAt([1, 2, 3, 4], 10)).toBe(1 + per);
    // Those older than the window no longer count.
    expect(nextSendAt([1, 2, 3, 4], 1 + per)).toBe(1 + per);
  });

  it("sends where the member settled, not each place they passed", () => {
    const { pacer, sent } = watched();
    for (const section of ["programs", "links", "values", "stories"]) {
      pacer.want(section);
      vi.advanceTimersByTime(settle / 2);
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(settle / 2);
    expect(sent.map(({ value }) => value)).toEqual(["stories"]);
    // The same place again is not sent again.
    pacer.want("stories");
    vi.advanceTimersByTime(settle * 10);
    expect(sent).toHaveLength(1);
  });

  it("holds a member tapping through every part twice within the budget, and sends the last", () => {
    const { pacer, sent } = watched();
    const parts = ["programs", "mutakallim", "links", "values", "stories", "pages"];
    // Every part twice in under 20 s, each long enough to settle.
    for (const part of [...parts, ...parts]) {
      pacer.want(part);
      vi.advanceTimersByTime(1500);
    }
    expect(busiest(sent)).toBeLessThanOrEqual(most);
    vi.advanceTimersByTime(per);
    expect(sent.at(-1)?.value).toBe("pages");
    expect(busiest(sent)).toBeLessThanOrEqual(most);
    // However long it goes on.
    for (let step = 0; step < 200; step += 1) {
      pacer.want(parts[step % parts.length]!);
      vi.advanceTimersByTime(settle + (step % 7) * 300);
    }
    vi.advanceTimersByTime(per);
    expect(busiest(sent)).toBeLessThanOrEqual(most);
    expect(sent.at(-1)?.value).toBe(parts[199 % parts.length]);
  });

  it("tells a channel joined again at once, within the same budget, and nothing while lost", () => {
    const pacer = new PresencePacer<string>();
    const first: string[] = [];
    pacer.want("programs");
    vi.advanceTimersByTime(settle);
    pacer.joined((value) => first.push(value));
    vi.advanceTimersByTime(0);
    expect(first).toEqual(["programs"]);
    pacer.lost();
    pacer.want("links");
    vi.advanceTimersByTime(per);
    expect(first).toEqual(["programs"]);
    const second: string[] = [];
    pacer.joined((value) => second.push(value));
    vi.advanceTimersByTime(0);
    // The new channel has been told nothing: even the same place is told again.
    expect(second).toEqual(["links"]);
    pacer.stop();
    pacer.want("values");
    vi.advanceTimersByTime(per);
    expect(second).toEqual(["links"]);
  });
});

describe("the wait before a rejoin", () => {
  it("doubles from a second up to half a minute, drawn from the upper half of each", () => {
    expect(rejoinDelay(1, () => 0)).toBe(rejoinPace.first / 2);
    expect(rejoinDelay(1, () => 1)).toBe(rejoinPace.first);
    expect(rejoinDelay(2, () => 1)).toBe(rejoinPace.first * 2);
    expect(rejoinDelay(4, () => 0.5)).toBe(6000);
    expect(rejoinDelay(20, () => 1)).toBe(rejoinPace.most);
    expect(rejoinDelay(20, () => 0)).toBe(rejoinPace.most / 2);
    // Two members cut off together come back apart.
    expect(rejoinDelay(3, () => 0.1)).not.toBe(rejoinDelay(3, () => 0.9));
  });
});
