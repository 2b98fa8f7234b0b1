import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";
import { createMember } from "../support/member.ts";

// The site's photos in site-media: everyone reads them by their address, only team members at aal2
// list and write them, decided by the policies on storage.objects (the site content's rule), never
// by a handler.
let target: ContractTarget;
let service: SupabaseClient;
let anon: SupabaseClient;
let memberAal1: SupabaseClient;
let memberAal2: SupabaseClient;
let strangerAal2: SupabaseClient;
const folder = uniqueBucket("tests");

// The smallest PNG there is: one transparent pixel.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const photo = () => new Blob([png], { type: "image/png" });
const pixels = (image: Buffer) => sharp(image).raw().toBuffer();
const refusedByPolicy = {
  status: 400,
  statusCode: "403",
  message: "new row violates row-level security policy",
};

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  anon = clientFor(target, target.anonKey);
  memberAal1 = await createMember(target, { invitedBy: service, aal: "aal1" });
  memberAal2 = await createMember(target, { invitedBy: service });
  strangerAal2 = await createMember(target, { invitedBy: service, team: false });
});
afterAll(async () => {
  const { data } = await service.storage.from("site-media").list(folder);
  await service.storage
    .from("site-media")
    .remove((data ?? []).map((entry) => `${folder}/${entry.name}`));
  await target.close();
});

describe("the site-media bucket", () => {
  it("is public, takes JPEG, PNG, WebP and AVIF, at most 10 MB", async () => {
    const { data, error } = await service.storage.getBucket("site-media");
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: "site-media",
      public: true,
      file_size_limit: 10 * 1024 * 1024,
      allowed_mime_types: ["image/jpeg", "image/png", "image/webp", "image/avif"],
    });
  });

  it("refuses anon, a member at aal1 and an outsider at aal2, and stores nothing", async () => {
    for (const client of [anon, memberAal1, strangerAal2]) {
      const refused = await client.storage.from("site-media").upload(`${folder}/no.png`, photo());
      expectStorageError(refused.error, refusedByPolicy);
    }
    expect((await service.storage.from("site-media").exists(`${folder}/no.png`)).data).toBe(false);
    expect(await storedFiles(target, `site-media/${folder}`)).toEqual([]);
  });

  it("lets a member at aal2 add, move and remove a photo that everyone reads, never replace it", async () => {
    const media = memberAal2.storage.from("site-media");
    const added = await media.upload(`${folder}/story.png`, photo());
    expect(added.error).toBeNull();
    for (const replace of [
      () => media.upload(`${folder}/story.png`, photo(), { upsert: true }),
      () => media.update(`${folder}/story.png`, photo()),
    ]) {
      expectStorageError((await replace()).error, {
        status: 400,
        statusCode: "403",
        message: `site-media/${folder}/story.png is never replaced: upload the new photo under a name of its own`,
      });
    }
    const { data } = anon.storage.from("site-media").getPublicUrl(`${folder}/story.png`);
    const read = await target.fetch(data.publicUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("image/png");
    // Stored re-encoded without its metadata (docs/decisions/0035): the same pixel, new bytes.
    expect(await pixels(Buffer.from(await read.arrayBuffer()))).toEqual(await pixels(png));

    const anonReplace = await anon.storage
      .from("site-media")
      .update(`${folder}/story.png`, photo());
    expectStorageError(anonReplace.error, refusedByPolicy);
    const aal1Remove = await memberAal1.storage.from("site-media").remove([`${folder}/story.png`]);
    expect(aal1Remove.data).toEqual([]);
    const anonMove = await anon.storage
      .from("site-media")
      .move(`${folder}/story.png`, `${folder}/taken.png`);
    expect(anonMove.error).not.toBeNull();
    expect((await media.exists(`${folder}/story.png`)).data).toBe(true);

    const moved = await media.move(`${folder}/story.png`, `${folder}/program.png`);
    expect(moved.error).toBeNull();
    const removed = await media.remove([`${folder}/program.png`]);
    expect(removed.data!.map((entry) => entry.name)).toEqual([`${folder}/program.png`]);
    expect(await storedFiles(target, `site-media/${folder}`)).toEqual([]);
  });

  it("refuses a replacement through a signed upload URL a member made", async () => {
    const media = memberAal2.storage.from("site-media");
    const name = `${folder}/signed.png`;
    const signed = await media.createSignedUploadUrl(name, { upsert: true });
    expect(signed.error).toBeNull();
    expect((await media.upload(name, photo())).error).toBeNull();
    const replaced = await anon.storage
      .from("site-media")
      .uploadToSignedUrl(name, signed.data!.token, photo());
    expectStorageError(replaced.error, {
      status: 400,
      statusCode: "403",
      message: `site-media/${name} is never replaced: upload the new photo under a name of its own`,
    });
    expect((await media.remove([name])).error).toBeNull();
  });

  it("lets the service role replace a photo in place", async () => {
    const media = service.storage.from("site-media");
    expect((await media.upload(`${folder}/cover.png`, photo())).error).toBeNull();
    const replaced = await media.upload(`${folder}/cover.png`, photo(), { upsert: true });
    expect(replaced.error).toBeNull();
    expect((await media.remove([`${folder}/cover.png`])).error).toBeNull();
    expect(await storedFiles(target, `site-media/${folder}`)).toEqual([]);
  });

  it("reads to visitors by address only: they list nothing, members list everything", async () => {
    const media = memberAal2.storage.from("site-media");
    const listed = uniqueBucket("listed");
    const name = `${listed}/draft.png`;
    expect((await media.upload(name, photo())).error).toBeNull();
    expect((await media.list(listed)).data!.map((entry) => entry.name)).toEqual(["draft.png"]);
    for (const client of [anon, strangerAal2]) {
      const seen = await client.storage.from("site-media").list(listed);
      expect(seen.error).toBeNull();
      expect(seen.data).toEqual([]);
      expect((await client.storage.from("site-media").exists(name)).data).toBe(false);
    }
    const { data } = anon.storage.from("site-media").getPublicUrl(name);
    expect((await target.fetch(data.publicUrl)).status).toBe(200);
    const rendered = anon.storage
      .from("site-media")
      .getPublicUrl(name, { transform: { width: 1, height: 1 } });
    expect((await target.fetch(rendered.data.publicUrl)).status).toBe(200);
    const signed = await service.storage.from("site-media").createSignedUrl(name, 60);
    expect((await target.fetch(signed.data!.signedUrl)).status).toBe(200);
    await service.storage.from("site-media").remove([name]);
  });

  it("leaves every other bucket to its own policies: without one, nobody but the service role writes", async () => {
    const closed = uniqueBucket("closed");
    expect((await service.storage.createBucket(closed, { public: true })).error).toBeNull();
    for (const client of [anon, memberAal2, strangerAal2]) {
      const refused = await client.storage.from(closed).upload("a.png", photo());
      expectStorageError(refused.error, refusedByPolicy);
    }
    expect((await service.storage.from(closed).upload("a.png", photo())).error).toBeNull();
    expect((await memberAal2.storage.from(closed).remove(["a.png"])).data).toEqual([]);
    expect((await service.storage.from(closed).exists("a.png")).data).toBe(true);
    await service.storage.emptyBucket(closed);
    await service.storage.deleteBucket(closed);
  });

  it("refuses a type it does not take and a photo over 10 MB, from a member at aal2 too", async () => {
    const media = memberAal2.storage.from("site-media");
    const text = await media.upload(`${folder}/words.txt`, "words", { contentType: "text/plain" });
    expectStorageError(text.error, {
      status: 400,
      statusCode: "415",
      message: "mime type text/plain is not supported",
    });
    const svg = await media.upload(
      `${folder}/drawing.svg`,
      new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" }),
    );
    expectStorageError(svg.error, {
      status: 400,
      statusCode: "415",
      message: "mime type image/svg+xml is not supported",
    });
    const large = await media.upload(
      `${folder}/large.png`,
      new Blob([png, Buffer.alloc(10 * 1024 * 1024)], { type: "image/png" }),
    );
    expectStorageError(large.error, {
      status: 400,
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });
    expect((await media.list(folder)).data).toEqual([]);
    expect(await storedFiles(target, `site-media/${folder}`)).toEqual([]);
  });
});

describe("a photo the site names", () => {
  interface Draft {
    body: Record<string, unknown>[];
    revision: number;
  }
  const storiesDraft = async () =>
    (
      await service
        .from("site_content_drafts")
        .select("body, revision")
        .eq("section", "stories")
        .single<Draft>()
    ).data!;
  const saveStories = async (body: unknown, revision: number) => {
    const saved = await memberAal2.rpc("save_site_draft", {
      section: "stories",
      body,
      base_revision: revision,
    });
    expect(saved.error).toBeNull();
  };
  const publish = async () => expect((await service.rpc("publish_site_content")).error).toBeNull();

  it("is neither removed nor moved, by anyone, while the live version or a draft names it", async () => {
    const media = memberAal2.storage.from("site-media");
    const portrait = `${folder}/named/portrait.png`;
    expect((await media.upload(portrait, photo())).error).toBeNull();
    const before = await storiesDraft();
    const [first, ...rest] = before.body;
    const image = { path: portrait, alt: { ar: "صورة المتحدث", en: "The speaker" } };
    await saveStories([{ ...first, image }, ...rest], before.revision);
    const onTheSite = {
      status: 400,
      statusCode: "403",
      message: `site-media/${portrait} is on the site: the published content or a draft names it; take it out of them first`,
    };
    expectStorageError((await media.remove([portrait])).error, onTheSite);
    expectStorageError((await media.move(portrait, `${folder}/named/moved.png`)).error, onTheSite);
    const serviceRemove = await service.storage.from("site-media").remove([portrait]);
    expectStorageError(serviceRemove.error, onTheSite);

    await publish();
    await saveStories(before.body, before.revision + 1);
    expectStorageError((await media.remove([portrait])).error, onTheSite);
    expect((await media.exists(portrait)).data).toBe(true);

    // Only an earlier version names it now: restoring that version would show it missing, which
    // is the team's choice to make.
    await publish();
    const removed = await media.remove([portrait]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((entry) => entry.name)).toEqual([portrait]);
  });
});
