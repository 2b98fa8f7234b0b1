import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAt, processKeys } from "../support/api.ts";
import { onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../support/spawn-server.ts";

// A publish calls the publish hook (PUBLISH_HOOK_URL), a static host's build hook, once: from
// one instance when several serve the same PostgreSQL.
const databaseKind = onPostgres() ? "PostgreSQL, two instances" : "the embedded database";

/** The versions a server's log says it rendered pages from. */
function renderedVersions(output: string): number[] {
  return output
    .split("\n")
    .filter((line) => line.includes('"message":"pages rendered from published content"'))
    .map((line) => (JSON.parse(line) as { version: number }).version);
}

describe(`the publish hook on ${databaseKind}`, () => {
  let place: ProcessEnvironment;
  let hook: Server;
  const calls: { at: number; body: string }[] = [];
  const servers: RunningServer[] = [];
  let secondDataDir: string | undefined;

  beforeAll(async () => {
    hook = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        calls.push({ at: performance.now(), body });
        response.writeHead(201).end("{}");
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    const { port } = hook.address() as AddressInfo;
    place = await processEnvironment("publish_hook", {
      PUBLISH_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/kalima`,
    });
    servers.push(await spawnServer(place.env, place.dataDir));
    if (onPostgres()) {
      secondDataDir = await makeDataDir();
      servers.push(await spawnServer(place.env, secondDataDir));
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await place.remove();
    if (secondDataDir) await removeDataDir(secondDataDir);
    await new Promise((resolve) => hook.close(resolve));
  });

  it("POSTs once per publish, with the version, soon after it", async () => {
    const [first] = servers;
    if (!first) throw new Error("no server");
    const service = clientAt(first.url, (await processKeys()).service_role);
    const latencies: number[] = [];
    const versions: number[] = [];
    for (const title of ["Reading at Dawn", "Reading at Dusk"]) {
      const { data: drafts, error } = await service
        .from("site_content_drafts")
        .select("body, revision")
        .eq("section", "programs");
      if (error) throw error;
      const [draft] = drafts as { body: { title: { en: string } }[]; revision: number }[];
      if (!draft?.body[0]) throw new Error("no programs draft");
      draft.body[0].title.en = title;
      const saved = await service.rpc("save_site_draft", {
        section: "programs",
        body: draft.body,
        base_revision: draft.revision,
      });
      if (saved.error) throw saved.error;
      const before = calls.length;
      const publishedAt = performance.now();
      const published = await service.rpc("publish_site_content");
      if (published.error) throw published.error;
      const version = (published.data as { id: number }).id;
      versions.push(version);
      await expect.poll(() => calls.length, { timeout: 5000 }).toBe(before + 1);
      expect(JSON.parse(calls.at(-1)?.body ?? "null")).toEqual({ version });
      latencies.push((calls.at(-1)?.at ?? 0) - publishedAt);
    }
    // Every instance has heard both publishes: its pages, told on the same hearing as its hook
    // caller, were rendered from the second. Stopped, each has finished every claim and call
    // it began (a call cut short would say it was abandoned): none is left to come.
    for (const server of servers) {
      await expect
        .poll(() => renderedVersions(server.output()), { timeout: 20_000 })
        .toContain(versions.at(-1));
    }
    for (const server of servers) expect(await server.stop()).toBe(0);
    expect(calls).toHaveLength(2);
    process.stdout.write(
      `publish to hook call on ${databaseKind}: ${latencies.map(Math.round).join(", ")} ms\n`,
    );
    const logs = servers.map((server) => server.output()).join("\n");
    expect(logs.match(/"message":"publish hook called"/gu)).toHaveLength(2);
    expect(logs).not.toMatch(/"message":"publish hook (call abandoned|failed|not called)/u);
    expect(logs).not.toContain("/build_hooks/kalima");
  });
});
