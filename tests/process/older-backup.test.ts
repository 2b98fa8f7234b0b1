import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAt, insert, processKeys, storedEmails, submission } from "../support/api.ts";
import { onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import { runServerCommand, spawnServer, type RunningServer } from "../support/spawn-server.ts";

// A backup taken by a version from before the site's content was kept in the database holds
// no drafts and no versions. Restored, it brings back its own rows and leaves the content the
// target has: a new database's first content, or what the team has published and drafted since.
const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";
/** The migration that made the site's content tables: the older version stops before it. */
const siteContentMigration = "20261126000400";
const emails = ["older-one@example.com", "older-two@example.com"];

interface Content {
  published: unknown;
  drafts: unknown;
}

async function content(url: string): Promise<Content> {
  const { service_role } = await processKeys();
  const service = clientAt(url, service_role);
  const published = await service.from("published_site_content").select("version, content");
  const drafts = await service
    .from("site_content_drafts")
    .select("section, body, revision")
    .order("section");
  expect(published.error).toBeNull();
  expect(drafts.error).toBeNull();
  return { published: published.data, drafts: drafts.data };
}

/** Saves `title` as the first program's English title in the drafts, as the editor does. */
async function saveTitle(url: string, title: string): Promise<void> {
  const service = clientAt(url, (await processKeys()).service_role);
  const { data, error } = await service
    .from("site_content_drafts")
    .select("body, revision")
    .eq("section", "programs");
  expect(error).toBeNull();
  const [draft] = data as { body: { title: { en: string } }[]; revision: number }[];
  if (!draft?.body[0]) throw new Error("no programs draft");
  draft.body[0].title.en = title;
  const saved = await service.rpc("save_site_draft", {
    section: "programs",
    body: draft.body,
    base_revision: draft.revision,
  });
  expect(saved.error).toBeNull();
}

describe(`restoring a backup taken before the site's content existed, on ${databaseKind}`, () => {
  let older: string;
  let place: ProcessEnvironment;
  let backupFile: string;
  const targets: ProcessEnvironment[] = [];
  const running: RunningServer[] = [];

  const start = async (target: ProcessEnvironment) => {
    const server = await spawnServer(target.env, target.dataDir);
    running.push(server);
    return server;
  };
  const restore = (target: ProcessEnvironment, ...args: string[]) =>
    runServerCommand("restore", [backupFile, ...args], target.env, target.dataDir);

  beforeAll(async () => {
    older = await mkdtemp(path.join(tmpdir(), "kalima-older-"));
    const migrations = path.join(older, "migrations");
    await cp("supabase/migrations", migrations, {
      recursive: true,
      filter: (source) => path.basename(source) < siteContentMigration || !source.endsWith(".sql"),
    });
    expect((await readdir(migrations)).filter((name) => name >= siteContentMigration)).toEqual([]);
    place = await processEnvironment(
      "older-backup",
      { MIGRATIONS_DIR: migrations },
      { empty: true },
    );
    const server = await start(place);
    const { anon } = await processKeys();
    for (const email of emails) {
      expect((await insert(server.url, anon, submission(email))).status).toBe(201);
    }
    backupFile = path.join(older, "older.backup");
    const backedUp = await runServerCommand(
      "backup",
      ["--output", backupFile],
      place.env,
      place.dataDir,
    );
    expect(backedUp.stderr).toBe("");
    await server.stop();
  }, 120_000);
  afterAll(async () => {
    for (const server of running) await server.stop();
    for (const target of targets) await target.remove();
    await place?.remove();
    await rm(older, { recursive: true, force: true });
  });

  it("into a new database: the backup's rows, and the site's first content", async () => {
    const target = await processEnvironment("older-into-new", {}, { empty: true });
    targets.push(target);
    const restored = await restore(target);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain("public.contact_submissions: 2\n");
    expect(restored.stdout).toMatch(/public\.site_content_drafts: [1-9]\d* \(kept/u);
    expect(restored.stdout).toMatch(/public\.site_content_versions: 1 \(kept/u);

    const server = await start(target);
    const { service_role } = await processKeys();
    expect([...(await storedEmails(server.url, service_role))]).toEqual(emails);
    const { published, drafts } = await content(server.url);
    const sections = (drafts as { section: string }[]).map((draft) => draft.section);
    expect(sections).toEqual(["links", "mutakallim", "pages", "programs", "stories", "values"]);
    expect(published).toHaveLength(1);
    const [version] = published as { content: Record<string, unknown> }[];
    expect(Object.keys(version?.content ?? {}).sort()).toEqual(sections);
  }, 120_000);

  it("over a database the team edited (--replace): their published content and drafts stay", async () => {
    const target = await processEnvironment("older-over-edited");
    targets.push(target);
    const server = await start(target);
    const service = clientAt(server.url, (await processKeys()).service_role);
    await saveTitle(server.url, "Published since the backup");
    expect((await service.rpc("publish_site_content")).error).toBeNull();
    await saveTitle(server.url, "Drafted since the backup");
    const before = await content(server.url);
    expect(JSON.stringify(before.published)).toContain("Published since the backup");
    expect(JSON.stringify(before.drafts)).toContain("Drafted since the backup");
    await server.stop();

    const restored = await restore(target, "--replace");
    expect(restored.stderr).toBe("");
    const again = await start(target);
    const { service_role } = await processKeys();
    expect([...(await storedEmails(again.url, service_role))]).toEqual(emails);
    expect(await content(again.url)).toEqual(before);
  }, 120_000);
});
