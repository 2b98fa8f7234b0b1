import { describe, expect, it, vi } from "vitest";
import { FairQueue } from "./fair-queue.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the fair queue", () => {
  it("runs one job at a time, a client's jobs in the order they came", async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      await pause(2);
      order.push(name);
      running -= 1;
      return name;
    };
    const answers = await Promise.all(
      ["a", "b", "c", "d"].map((name) => queue.run({ client: "one" }, job(name))),
    );
    expect(answers).toEqual(["a", "b", "c", "d"]);
    expect(order).toEqual(["a", "b", "c", "d"]);
    expect(most).toBe(1);
  });

  it("serves a new client before one who has kept the connection busy, whatever they queued", async () => {
    // The queue's clock is the test's: how long the visitor waited is counted, not timed.
    let now = 0;
    const queue = new FairQueue(() => now);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const flood = Array.from({ length: 6 }, (_, index) =>
      queue.run({ client: "flood" }, async () => {
        await new Promise<void>((resolve) => releases.push(resolve));
        order.push(`flood ${index}`);
      }),
    );
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    now = 4;
    let waited = -1;
    const visitor = queue.run(
      {
        client: "visitor",
        onStart: (ms) => {
          waited = ms;
        },
      },
      () => {
        order.push("visitor");
        return Promise.resolve();
      },
    );
    // Each flood job runs when let go, one at a time.
    now = 10;
    for (let job = 0; job < 6; job += 1) {
      await vi.waitFor(() => expect(releases).toHaveLength(job + 1));
      releases[job]?.();
    }
    await Promise.all([...flood, visitor]);
    // The flood's first job was running when the visitor came; the visitor went next, having
    // waited for that job's end alone (from 4 to 10), not for the five queued before it.
    expect(order.indexOf("visitor")).toBe(1);
    expect(waited).toBe(6);
    expect(queue.waiting).toBe(0);
  });

  it("takes turns between two busy clients rather than draining one first", async () => {
    // Each job holds the connection 5 ms of the queue's clock, whatever the machine's load.
    let now = 0;
    const queue = new FairQueue(() => now);
    const order: string[] = [];
    const jobs = ["a", "b"].flatMap((client) =>
      Array.from({ length: 3 }, () =>
        queue.run({ client }, async () => {
          await pause(0);
          now += 5;
          order.push(client);
        }),
      ),
    );
    await Promise.all(jobs);
    // Who goes next depends on whose jobs took longer: each has had two turns of the first four.
    const firstFour = order.slice(0, 4);
    expect(firstFour.filter((client) => client === "a")).toHaveLength(2);
    expect(firstFour.slice(0, 2).sort()).toEqual(["a", "b"]);
  });

  it("answers a job's failure to its caller and goes on with the next", async () => {
    const queue = new FairQueue();
    const failing = queue.run({ client: "one" }, () => Promise.reject(new Error("broken")));
    const thrown = queue.run({ client: "one" }, () => {
      throw new Error("thrown at once");
    });
    const next = queue.run({ client: "two" }, () => Promise.resolve("ran"));
    await expect(failing).rejects.toThrow("broken");
    await expect(thrown).rejects.toThrow("thrown at once");
    await expect(next).resolves.toBe("ran");
  });
});
