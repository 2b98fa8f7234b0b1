import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../../../tests/support/postgres-databases.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { silentLogger } from "../log.ts";
import { sweepSiteMedia } from "./site-media-sweep.ts";

// Photos in site-media that no draft and no version names go 30 days after their upload, rows
// and bytes; named ones, and young ones, stay.
let server: TestServer;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  photo = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#369" } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

async function upload(name: string, daysAgo: number): Promise<void> {
  const key = server.keys.service_role;
  const answer = await server.app.request(`/storage/v1/object/site-media/${name}`, {
    method: "POST",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "image/png" },
    body: new Uint8Array(photo),
  });
  expect(answer.status).toBe(200);
  await server.db.query(
    `update storage.objects set created_at = now() - make_interval(days => $2)
      where bucket_id = 'site-media' and name = $1`,
    [name, daysAgo],
  );
}

async function left(folder: string): Promise<{ rows: string[]; files: string[] }> {
  const { rows } = await server.db.query<{ name: string }>(
    "select name from storage.objects where bucket_id = 'site-media' and name like $1 order by name",
    [`${folder}/%`],
  );
  const files: string[] = [];
  for await (const { key } of server.storage.list(`site-media/${folder}/`)) {
    files.push(key.split("/").slice(1, -1).join("/"));
  }
  return { rows: rows.map((row) => row.name), files: files.sort() };
}

/** Names `path` in the stories' draft, or, with `version`, in a version of its own. */
async function nameIn(place: "draft" | "version", path: string): Promise<void> {
  const image = { path, alt: { ar: "صورة", en: "A photo" } };
  if (place === "draft") {
    await server.db.query(
      `update public.site_content_drafts
          set body = jsonb_set(body, '{0,image}', $1::jsonb)
        where section = 'stories'`,
      [JSON.stringify(image)],
    );
    return;
  }
  await server.db.query(
    `insert into public.site_content_versions (content, changed)
     values (jsonb_build_object('stories', jsonb_build_array(jsonb_build_object('image', $1::jsonb))),
             '{stories}')`,
    [JSON.stringify(image)],
  );
}

describe("the sweep of unnamed photos", () => {
  it("removes the rows and bytes of photos nobody names, 30 days after their upload", async () => {
    await upload("sweep/old.png", 31);
    await upload("sweep/young.png", 29);
    await upload("sweep/in-draft.png", 400);
    await upload("sweep/in-version.png", 400);
    await nameIn("draft", "sweep/in-draft.png");
    await nameIn("version", "sweep/in-version.png");

    expect(await sweepSiteMedia(server.db, server.storage, silentLogger)).toBe(1);
    const kept = ["sweep/in-draft.png", "sweep/in-version.png", "sweep/young.png"];
    expect(await left("sweep")).toEqual({ rows: kept, files: kept });

    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await sweepSiteMedia(server.db, server.storage, silentLogger, later)).toBe(1);
    const older = ["sweep/in-draft.png", "sweep/in-version.png"];
    expect(await left("sweep")).toEqual({ rows: older, files: older });
  });

  it("keeps them as long as private.retention says", async () => {
    await upload("setting/old.png", 31);
    await server.db.query("update private.retention set unnamed_photo_days = 60");
    try {
      expect(await sweepSiteMedia(server.db, server.storage, silentLogger)).toBe(0);
      expect((await left("setting")).rows).toEqual(["setting/old.png"]);
    } finally {
      await server.db.query("update private.retention set unnamed_photo_days = 30");
    }
  });

  it.runIf(onPostgres())("sweeps on one instance at a time", async () => {
    await upload("turns/old.png", 31);
    await server.db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('kalima site-media sweep'))");
      expect(await sweepSiteMedia(server.db, server.storage, silentLogger)).toBe(0);
    });
    expect((await left("turns")).rows).toEqual(["turns/old.png"]);
    await sweepSiteMedia(server.db, server.storage, silentLogger);
    expect((await left("turns")).rows).toEqual([]);
  });
});
