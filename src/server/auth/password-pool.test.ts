import { performance } from "node:perf_hooks";
import bcrypt from "bcryptjs";
import { afterAll, describe, expect, it } from "vitest";
import { AuthError } from "./errors.ts";
import { defaultPoolSize, PasswordPool } from "./password-pool.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

const pools: PasswordPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));
function pool(threads: number, waiting: number) {
  const made = new PasswordPool({ threads, waiting });
  pools.push(made);
  return made;
}

describe("hashPassword and verifyPassword", () => {
  it("make and check bcrypt hashes of cost 10, as GoTrue stores them", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^\$2[aby]\$10\$/u);
    expect(bcrypt.compareSync("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("wrong horse battery", hash)).toBe(false);
    expect(await verifyPassword("correct horse battery", null)).toBe(false);
  });

  it("leave the thread that answers requests free while they work", async () => {
    // Event-loop utilisation: near 1 when bcrypt runs on this thread, near 0 when it waits.
    const before = performance.eventLoopUtilization();
    await Promise.all(Array.from({ length: 4 }, (_, index) => hashPassword(`password ${index}`)));
    const used = performance.eventLoopUtilization(before);
    expect(used.utilization).toBeLessThan(0.5);
  });
});

describe("PasswordPool", () => {
  it("refuses a job past its threads and queue at once, with GoTrue's rate-limit answer", async () => {
    const small = pool(1, 1);
    const running = small.hash("first password", 10);
    const waiting = small.compare("second password", await bcrypt.hash("other", 4));
    const refusal = await small.hash("third password", 10).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AuthError);
    expect(refusal).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    expect(() => small.ensureRoom()).toThrow(refusal);
    expect(await running).toMatch(/^\$2b\$10\$/u);
    expect(await waiting).toBe(false);
    expect(small.load).toBe(0);
    // Room again once the queue has drained.
    expect(await small.compare("first password", await running)).toBe(true);
  });

  it("answers a bad hash with an error and keeps working", async () => {
    const small = pool(1, 0);
    await expect(small.hash(undefined as unknown as string, 10)).rejects.toThrow(/illegal/iu);
    expect(await small.compare("password", "not a bcrypt hash")).toBe(false);
    expect(await small.hash("password", 4)).toMatch(/^\$2b\$04\$/u);
  });

  it("leaves one core to the requests and queues eight jobs a thread", () => {
    expect(defaultPoolSize(1)).toEqual({ threads: 1, waiting: 8 });
    expect(defaultPoolSize(2)).toEqual({ threads: 1, waiting: 8 });
    expect(defaultPoolSize(8)).toEqual({ threads: 7, waiting: 56 });
  });
});
