import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import type { LogFields, Logger } from "../../log.ts";
import { callHookOnPublish, type PublishHookOptions } from "./publish-hook.ts";
import { listenForPublishes } from "./publishes.ts";

// After each publish the server calls the publish hook (a static host's build hook): once per
// publish whatever the number of instances, bounded in time, retried, never in anyone's way.

interface Received {
  method: string;
  contentType: string | undefined;
  body: unknown;
}

/** A hook on this machine that answers each call as `answer` says, and records the calls. */
async function startHook(answer: (call: number, response: ServerResponse) => void) {
  const received: Received[] = [];
  /** Calls whose caller hung up before the hook answered. */
  let hungUp = 0;
  const server: Server = createServer((request: IncomingMessage, response) => {
    response.on("close", () => {
      if (!response.writableFinished) hungUp += 1;
    });
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        contentType: request.headers["content-type"],
        body: JSON.parse(body || "null") as unknown,
      });
      answer(received.length, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/build_hooks/secret-id`,
    received,
    hungUp: () => hungUp,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: { level: string; message: string; fields: LogFields }[] = [];
  const log: Logger = {
    info: (message, fields = {}) => lines.push({ level: "info", message, fields }),
    warn: (message, fields = {}) => lines.push({ level: "warn", message, fields }),
    error: (message, fields = {}) => lines.push({ level: "error", message, fields }),
  };
  return { lines, log };
}

let server: TestServer;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => server.close());

/**
 * One instance's hook caller, on its own LISTEN, stopped after the test; `heard` gathers each
 * publish it hears, as it hears it, before it acts on it.
 */
async function hookCaller(
  url: string,
  log: Logger,
  options: PublishHookOptions = {},
  heard: string[] = [],
) {
  const publishes = listenForPublishes(server.db);
  const stop = await callHookOnPublish(
    server.db,
    url,
    log,
    {
      listen: (onPublish) =>
        publishes.listen((payload) => {
          heard.push(payload);
          onPublish(payload);
        }),
    },
    options,
  );
  cleanups.push(stop);
  return stop;
}

/** Publishes a new version (the newest content again), as publish_site_content inserts it. */
async function publish(): Promise<number> {
  const { rows } = await server.db.query<{ id: number | string }>(
    `insert into public.site_content_versions (content, changed)
     select content, '{programs}' from public.site_content_versions order by id desc limit 1
     returning id`,
  );
  return Number(rows[0]?.id);
}

async function hookCalledAt(version: number): Promise<unknown> {
  const { rows } = await server.db.query<{ hook_called_at: unknown }>(
    "select hook_called_at from public.site_content_versions where id = $1",
    [version],
  );
  return rows[0]?.hook_called_at;
}

describe("the publish hook", () => {
  it("is called once per publish, with a POST naming the version", async () => {
    const hook = await startHook((_, response) => response.writeHead(200).end("ok"));
    cleanups.push(hook.close);
    const { lines, log } = recordingLog();
    await hookCaller(hook.url, log);

    const first = await publish();
    await expect.poll(() => hook.received.length).toBe(1);
    const second = await publish();
    await expect.poll(() => hook.received.length).toBe(2);
    expect(hook.received).toEqual([
      { method: "POST", contentType: "application/json", body: { version: first } },
      { method: "POST", contentType: "application/json", body: { version: second } },
    ]);
    expect(await hookCalledAt(second)).not.toBeNull();
    await expect
      .poll(() => lines.filter((line) => line.message === "publish hook called"))
      .toEqual(
        [first, second].map((version) => ({
          level: "info",
          message: "publish hook called",
          fields: expect.objectContaining({ version, status: 200, attempts: 1 }) as LogFields,
        })),
      );
    // The log names the hook's origin, never its secret path.
    expect(JSON.stringify(lines)).not.toContain("secret-id");
  });

  it("is called by one instance when several hear the publish", async () => {
    const hook = await startHook((_, response) => response.writeHead(204).end());
    cleanups.push(hook.close);
    const { log } = recordingLog();
    // Every call any instance makes, counted as it is made.
    const made: unknown[] = [];
    const counted: typeof fetch = (input, init) => {
      made.push(init?.body);
      return fetch(input, init);
    };
    const instances: { heard: string[]; stop: () => Promise<void> }[] = [];
    for (let instance = 0; instance < 3; instance += 1) {
      const heard: string[] = [];
      instances.push({ heard, stop: await hookCaller(hook.url, log, { fetch: counted }, heard) });
    }

    const versions = [await publish(), await publish(), await publish()];
    await expect.poll(() => hook.received.length).toBe(3);
    // Every instance has heard every publish, and stopped, has finished all it began on hearing
    // them (a claim, and the call if it won): no call is left to come.
    await expect
      .poll(() => instances.map(({ heard }) => heard.toSorted()))
      .toEqual(instances.map(() => versions.map(String).toSorted()));
    for (const { stop } of instances) await stop();
    expect(made).toHaveLength(3);
    expect(hook.received).toHaveLength(3);
    // One call for each version, from whichever instance claimed it, in any order.
    const called = hook.received.map((call) => (call.body as { version: number }).version);
    expect(called.toSorted((a, b) => a - b)).toEqual(versions);
  });

  it("tries a failing call again, with growing waits, and logs each failure", async () => {
    const hook = await startHook((call, response) =>
      response.writeHead(call < 3 ? 503 : 200).end(),
    );
    cleanups.push(hook.close);
    const { lines, log } = recordingLog();
    await hookCaller(hook.url, log, { retryDelaysMs: [50, 150, 450] });

    const version = await publish();
    await expect
      .poll(() => lines.find((line) => line.message === "publish hook called")?.fields)
      .toMatchObject({ version, attempts: 3 });
    expect(hook.received).toHaveLength(3);
    expect(lines.filter((line) => line.level === "warn").map((line) => line.fields)).toMatchObject([
      { version, attempt: 1, error: "answered 503", retryInMs: 50 },
      { version, attempt: 2, error: "answered 503", retryInMs: 150 },
    ]);
  });

  it("gives up after its retries, and says so once in the log", async () => {
    const hook = await startHook((_, response) => response.writeHead(500).end());
    cleanups.push(hook.close);
    const { lines, log } = recordingLog();
    await hookCaller(hook.url, log, { retryDelaysMs: [20, 20] });

    const version = await publish();
    await expect
      .poll(() => lines.filter((line) => line.level === "error"))
      .toEqual([
        {
          level: "error",
          message: "publish hook failed: the site was not built again",
          fields: { version, hook: new URL(hook.url).origin, attempts: 3, error: "answered 500" },
        },
      ]);
    expect(hook.received).toHaveLength(3);
  });

  it("bounds a call that gets no answer, and holds up nothing meanwhile", async () => {
    const hook = await startHook(() => {
      // Never answers.
    });
    cleanups.push(hook.close);
    const { lines, log } = recordingLog();
    await hookCaller(hook.url, log, { timeoutMs: 3000, retryDelaysMs: [] });

    await publish();
    await expect.poll(() => hook.received.length).toBe(1);
    // While the call hangs (its caller has not hung up, nor logged a failure), the database
    // answers and another publish goes through.
    await publish();
    await server.db.query("select 1");
    expect(hook.hungUp()).toBe(0);
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    await expect
      .poll(() => lines.find((line) => line.level === "error")?.fields.error, { timeout: 10_000 })
      .toMatch(/timeout/iu);
    // The caller's hang-up reaches the hook's server a moment after the caller logs it.
    await expect.poll(() => hook.hungUp()).toBeGreaterThan(0);
  });

  it("abandons a call waiting to be tried again when the server stops", async () => {
    const hook = await startHook((_, response) => response.writeHead(502).end());
    cleanups.push(hook.close);
    const { lines, log } = recordingLog();
    const stop = await hookCaller(hook.url, log, { retryDelaysMs: [60_000] });

    await publish();
    await expect.poll(() => lines.some((line) => line.level === "warn")).toBe(true);
    // Stopping ends the minute's wait at once (it would outlast the test) and tries no more.
    await stop();
    expect(lines.at(-1)?.message).toBe("publish hook call abandoned: the server is stopping");
    expect(hook.received).toHaveLength(1);
  });
});
