import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processKeys } from "../support/api.ts";
import { onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import { spawnServer, type RunningServer } from "../support/spawn-server.ts";

// An install that named its accounts at build (VITE_LINK_*) upgrades to content the team edits
// in the database: its first start publishes those links, and its pages keep showing them.
const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";

describe(`an install's VITE_LINK_* links on ${databaseKind}`, () => {
  let place: ProcessEnvironment;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    place = await processEnvironment("build_links", {
      VITE_LINK_INSTAGRAM: "https://www.instagram.com/kalima.words",
      VITE_LINK_PROGRAM_1: "https://www.youtube.com/playlist?list=PLcovers",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await place.remove();
  });

  async function versions(url: string): Promise<number[]> {
    const { service_role: key } = await processKeys();
    const response = await fetch(`${url}/rest/v1/site_content_versions?select=id&order=id`, {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    });
    return ((await response.json()) as { id: number }[]).map((row) => row.id);
  }

  it("publishes them at the first start, and the pages show them", async () => {
    server = await spawnServer(place.env, place.dataDir);
    expect(await versions(server.url)).toHaveLength(2);
    expect(server.output()).toMatch(
      /"message":"published the links VITE_LINK_\* names, once: the team edits them from now on","version":2,"links":"instagram, program 1"/u,
    );
    const running = server;
    const since = performance.now();
    await expect
      .poll(async () => (await fetch(`${running.url}/en/programs`)).text(), { timeout: 10_000 })
      .toContain("https://www.youtube.com/playlist?list=PLcovers");
    process.stdout.write(
      `start to links shown on ${databaseKind}: ${Math.round(running.startupMs)} ms to listen, then ${Math.round(performance.now() - since)} ms\n`,
    );
    expect(await (await fetch(`${running.url}/en`)).text()).toContain(
      "https://www.instagram.com/kalima.words",
    );
  });

  it("publishes nothing at the next start", async () => {
    await server?.stop();
    server = await spawnServer(place.env, place.dataDir);
    expect(await versions(server.url)).toHaveLength(2);
    expect(server.output()).not.toContain("published the links");
  });
});
