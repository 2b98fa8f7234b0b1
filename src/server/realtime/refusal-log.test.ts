import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../log.ts";
import { RefusalLog } from "./refusal-log.ts";

function recording() {
  const lines: { message: string; fields: Record<string, unknown> | undefined }[] = [];
  const log: Logger = {
    info() {},
    error() {},
    warn(message, fields) {
      lines.push({ message, fields });
    },
  };
  return { log, lines };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("realtime's refusal log", () => {
  it("writes one line a minute for each refusal and address, and counts the rest", () => {
    vi.useFakeTimers();
    const { log, lines } = recording();
    const refusals = new RefusalLog(log);
    for (let index = 0; index < 500; index++) refusals.warn("refused", "192.0.2.1");
    refusals.warn("refused", "192.0.2.2");
    refusals.warn("closed", "192.0.2.1");
    expect(lines).toEqual([
      { message: "refused", fields: { address: "192.0.2.1", refused_before_unlogged: 0 } },
      { message: "refused", fields: { address: "192.0.2.2", refused_before_unlogged: 0 } },
      { message: "closed", fields: { address: "192.0.2.1", refused_before_unlogged: 0 } },
    ]);
    vi.advanceTimersByTime(60_000);
    refusals.warn("refused", "192.0.2.1", { bound: "channels" });
    expect(lines.at(-1)).toEqual({
      message: "refused",
      fields: { address: "192.0.2.1", bound: "channels", refused_before_unlogged: 499 },
    });
  });
});
