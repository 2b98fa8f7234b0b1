import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import {
  exifTags,
  jpegMarkers,
  phonePhoto,
  twoColourImage,
  withPngSize,
} from "../support/images.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";

// Photos through supabase-js's storage client: transformed reads (public, signed, downloaded),
// and what an image-only bucket such as site-media does with an upload (docs/decisions/0035).
let target: ContractTarget;
let service: SupabaseClient;
const folder = uniqueBucket("photos");
const privateBucket = uniqueBucket("private-photos");
const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const cover = `${folder}/cover.jpg`;

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  const photo = await twoColourImage("jpeg", 1200, 900);
  const uploaded = await service.storage.from("site-media").upload(cover, photo, {
    contentType: "image/jpeg",
    cacheControl: "3600",
  });
  expect(uploaded.error).toBeNull();
  await service.storage.createBucket(privateBucket, { public: false });
  await service.storage.from(privateBucket).upload("portrait.png", await twoColourImage("png"), {
    contentType: "image/png",
  });
  await service.storage.from(privateBucket).upload("notes.txt", "not a photo", {
    contentType: "text/plain",
  });
});
afterAll(async () => {
  const listed = await service.storage.from("site-media").list(folder);
  await service.storage
    .from("site-media")
    .remove((listed.data ?? []).map((file) => `${folder}/${file.name}`));
  await service.storage.emptyBucket(privateBucket);
  await service.storage.deleteBucket(privateBucket);
  await target.close();
});

async function imageOf(answer: Response) {
  return sharp(Buffer.from(await answer.arrayBuffer())).metadata();
}

describe("a public photo's transform URL", () => {
  it("answers a WebP of the asked width to a browser that takes WebP, as Supabase does", async () => {
    const { publicUrl } = service.storage
      .from("site-media")
      .getPublicUrl(cover, { transform: { width: 320 } }).data;
    expect(publicUrl).toBe(
      `${target.url}/storage/v1/render/image/public/site-media/${cover}?width=320`,
    );
    const answer = await target.fetch(publicUrl, { headers: { accept: chrome } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("max-age=3600");
    expect(answer.headers.get("vary")?.split(", ")).toContain("Accept");
    expect(answer.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/u);
    expect(await imageOf(answer)).toMatchObject({ format: "webp", width: 320, height: 240 });
  });

  it("keeps the original format for a client without WebP, or when format is origin", async () => {
    const url = (format?: "origin") =>
      service.storage
        .from("site-media")
        .getPublicUrl(cover, { transform: { width: 200, height: 200, format } }).data.publicUrl;
    const plain = await target.fetch(url(), { headers: { accept: "image/jpeg,*/*" } });
    expect(plain.headers.get("content-type")).toBe("image/jpeg");
    expect(await imageOf(plain)).toMatchObject({ format: "jpeg", width: 200, height: 200 });
    const origin = await target.fetch(url("origin"), { headers: { accept: chrome } });
    expect(origin.headers.get("content-type")).toBe("image/jpeg");
  });

  it("answers 304 to the variant's ETag, and the same bytes from the cache", async () => {
    const { publicUrl } = service.storage
      .from("site-media")
      .getPublicUrl(cover, { transform: { width: 160, quality: 60 } }).data;
    const first = await target.fetch(publicUrl, { headers: { accept: chrome } });
    const bytes = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get("etag")!;
    const again = await target.fetch(publicUrl, { headers: { accept: chrome } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(again.headers.get("etag")).toBe(etag);
    const unchanged = await target.fetch(publicUrl, {
      headers: { accept: chrome, "if-none-match": etag },
    });
    expect(unchanged.status).toBe(304);
  });

  it.runIf(!process.env.CONTRACT_SUPABASE_URL)(
    "carries the security and CORS headers the photo's own read carries",
    async () => {
      const headers = { origin: "https://allowed.example", accept: chrome };
      const read = await target.fetch(
        `${target.url}/storage/v1/object/public/site-media/${cover}`,
        { headers },
      );
      const render = await target.fetch(
        `${target.url}/storage/v1/render/image/public/site-media/${cover}?width=320`,
        { headers },
      );
      expect([read.status, render.status]).toEqual([200, 200]);
      const names = [
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
        "content-security-policy",
        "x-robots-tag",
        "access-control-allow-origin",
        "access-control-expose-headers",
      ];
      const of = (answer: Response) => names.map((name) => [name, answer.headers.get(name)]);
      expect(of(read).every(([, value]) => value !== null)).toBe(true);
      expect(of(render)).toEqual(of(read));
      expect(render.headers.get("vary")).toBe("Origin, Accept");
    },
  );

  it.each([
    ["width=abc", "querystring/width must be integer"],
    ["quality=10", "querystring/quality must be >= 20"],
    ["resize=stretch", "querystring/resize must be equal to one of the allowed values"],
    ["format=gif", "querystring/format must be equal to one of the allowed values"],
  ])("refuses %s with Supabase's 400 and words", async (query, message) => {
    const answer = await target.fetch(
      `${target.url}/storage/v1/render/image/public/site-media/${cover}?${query}`,
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      statusCode: "400",
      code: "InvalidRequest",
      error: "FastifyError",
      message,
    });
  });

  it("answers Supabase's not found for a photo that is not there, and refuses a private bucket", async () => {
    const missing = await target.fetch(
      `${target.url}/storage/v1/render/image/public/site-media/${folder}/none.jpg?width=10`,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: "404", message: "Object not found" });
    const hidden = await target.fetch(
      `${target.url}/storage/v1/render/image/public/${privateBucket}/portrait.png?width=10`,
    );
    expect(await hidden.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });
});

describe("a signed transform URL", () => {
  it("renders a private photo with no key, with the transform its token carries", async () => {
    const signed = await service.storage.from(privateBucket).createSignedUrl("portrait.png", 60, {
      transform: { width: 16, height: 16, resize: "contain" },
    });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toMatch(
      new RegExp(`/storage/v1/render/image/sign/${privateBucket}/portrait\\.png\\?token=`, "u"),
    );
    const answer = await target.fetch(signed.data!.signedUrl, { headers: { accept: chrome } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(Date.parse(answer.headers.get("expires")!)).toBeGreaterThan(Date.now());
    expect(await imageOf(answer)).toMatchObject({ width: 16, height: 8 });
    const widened = await target.fetch(`${signed.data!.signedUrl}&width=60`, {
      headers: { accept: chrome },
    });
    expect(await imageOf(widened)).toMatchObject({ width: 16, height: 8 });
  });

  it("refuses a transform the render would refuse", async () => {
    const signed = await service.storage
      .from(privateBucket)
      .createSignedUrl("portrait.png", 60, { transform: { quality: 5 } });
    expect(signed.data).toBeNull();
    expectStorageError(signed.error, {
      status: 400,
      statusCode: "400",
      message: "body/transform/quality must be >= 20",
    });
  });
});

describe("a transformed download", () => {
  it("reads the caller's photo through the authenticated render route", async () => {
    const downloaded = await service.storage
      .from(privateBucket)
      .download("portrait.png", { transform: { width: 32 } });
    expect(downloaded.error).toBeNull();
    const image = await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata();
    expect(image).toMatchObject({ width: 32, height: 16 });
  });

  it("refuses to render what is not a photo, in the words of Supabase's renderer", async () => {
    const downloaded = await service.storage
      .from(privateBucket)
      .download("notes.txt", { transform: { width: 32 } });
    expect(downloaded.error).toMatchObject({ status: 400 });
    const answer = await target.fetch(
      `${target.url}/storage/v1/render/image/authenticated/${privateBucket}/notes.txt?width=32`,
      {
        headers: {
          authorization: `Bearer ${target.serviceRoleKey}`,
          apikey: target.serviceRoleKey,
        },
      },
    );
    expect(await answer.json()).toMatchObject({
      statusCode: "400",
      message: "The source image is invalid or unsupported for rendering",
    });
  });
});

// Ours alone: hosted Storage keeps uploads as sent and has its limit at its gateway.
describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("an upload to site-media", () => {
  it("is stored without its place, camera serial or orientation tag, turned as it was taken", async () => {
    const path = `${folder}/from-a-phone.jpg`;
    const photo = await phonePhoto();
    expect(exifTags((await sharp(photo).metadata()).exif!)).toContain(0x8825);
    const uploaded = await service.storage
      .from("site-media")
      .upload(path, photo, { contentType: "image/jpeg" });
    expect(uploaded.error).toBeNull();
    const downloaded = await service.storage.from("site-media").download(path);
    const bytes = Buffer.from(await downloaded.data!.arrayBuffer());
    const image = await sharp(bytes).metadata();
    expect(image).toMatchObject({ format: "jpeg", width: 32, height: 64 });
    expect(image.exif).toBeUndefined();
    expect(image.orientation).toBeUndefined();
    expect(jpegMarkers(bytes)).not.toContain(0xe1);
    expect(bytes.includes("SN-4417-2209")).toBe(false);
    const transformed = await target.fetch(
      service.storage.from("site-media").getPublicUrl(path, { transform: { width: 16 } }).data
        .publicUrl,
      { headers: { accept: "image/jpeg" } },
    );
    const variant = await imageOf(transformed);
    expect(variant.exif).toBeUndefined();
    const info = await service.storage.from("site-media").info(path);
    expect(info.data).toMatchObject({ size: bytes.length, contentType: "image/jpeg" });
  });

  it("cleans a photo sent to a signed upload URL as it cleans any upload", async () => {
    const path = `${folder}/signed-upload.jpg`;
    const signed = await service.storage.from("site-media").createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    const sent = await clientFor(target, target.anonKey)
      .storage.from("site-media")
      .uploadToSignedUrl(path, signed.data!.token, await phonePhoto(), {
        contentType: "image/jpeg",
      });
    expect(sent.error).toBeNull();
    const downloaded = await service.storage.from("site-media").download(path);
    const image = await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata();
    expect(image).toMatchObject({ width: 32, height: 64 });
    expect(image.exif).toBeUndefined();
  });

  it("refuses an SVG named .png and declared image/png, saying what it is", async () => {
    const before = await storedFiles(target, "site-media");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await service.storage
      .from("site-media")
      .upload(`${folder}/logo.png`, svg, { contentType: "image/png" });
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "415",
      message:
        "mime type image/svg+xml is not supported: the file is an SVG image, not a JPEG, PNG, WebP or AVIF image: SVG can carry scripts",
    });
    expect(await storedFiles(target, "site-media")).toEqual(before);
    const listed = await service.storage.from("site-media").list(folder);
    expect(listed.data!.map((file) => file.name)).not.toContain("logo.png");
  });

  it("refuses a PNG cut short, whose header reads and whose pixels do not", async () => {
    const before = await storedFiles(target, "site-media");
    const photo = await twoColourImage("png", 600, 400);
    const refused = await service.storage
      .from("site-media")
      .upload(`${folder}/cut.png`, photo.subarray(0, photo.length / 2), {
        contentType: "image/png",
      });
    expect(refused.data).toBeNull();
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "415",
      message:
        "mime type image/png is not supported: the file begins as a PNG image but cannot be read as one",
    });
    expect(await storedFiles(target, "site-media")).toEqual(before);
  });

  it("refuses a decompression bomb from its header", async () => {
    const bomb = withPngSize(await twoColourImage("png"), 30_000, 30_000);
    const refused = await service.storage
      .from("site-media")
      .upload(`${folder}/bomb.png`, bomb, { contentType: "image/png" });
    expect(refused.data).toBeNull();
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "413",
      message:
        "The image is 30000 × 30000 pixels (900 megapixels): the largest taken is 50 megapixels and 16384 pixels a side",
    });
  });

  it("takes no photo copied or moved in from a bucket whose uploads are not checked", async () => {
    await service.storage
      .from(privateBucket)
      .upload("tagged.jpg", await phonePhoto(), { contentType: "image/jpeg" });
    const message = `Objects enter site-media by upload, where their bytes are checked and cleaned: upload it there instead of copying or moving it from a bucket that takes other types`;
    const options = { destinationBucket: "site-media" };
    const files = service.storage.from(privateBucket);
    for (const refused of [
      await files.copy("tagged.jpg", `${folder}/copied.jpg`, options),
      await files.move("tagged.jpg", `${folder}/copied.jpg`, options),
    ]) {
      expect(refused.data).toBeNull();
      expectStorageError(refused.error, { status: 400, statusCode: "400", message });
    }
    expect((await service.storage.from("site-media").exists(`${folder}/copied.jpg`)).data).toBe(
      false,
    );
    const within = await service.storage.from("site-media").copy(cover, `${folder}/cover-copy.jpg`);
    expect(within.error).toBeNull();
  });

  it("takes a PNG declared image/jpeg by what its bytes are", async () => {
    const path = `${folder}/mislabelled.jpg`;
    const uploaded = await service.storage
      .from("site-media")
      .upload(path, await twoColourImage("png"), { contentType: "image/jpeg" });
    expect(uploaded.error).toBeNull();
    const info = await service.storage.from("site-media").info(path);
    expect(info.data).toMatchObject({ contentType: "image/png" });
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("the render routes' own limit", () => {
  let limited: ContractTarget;
  beforeAll(async () => {
    limited = await contractTarget({ renderPerSecond: 1 });
    const owner = clientFor(limited, limited.serviceRoleKey);
    await owner.storage
      .from("site-media")
      .upload("limited.jpg", await twoColourImage("jpeg"), { contentType: "image/jpeg" });
  });
  afterAll(() => limited.close());

  it("answers 429 SlowDown past 4 renders in 4 seconds of one photo from one client", async () => {
    const url = `${limited.url}/storage/v1/render/image/public/site-media/limited.jpg`;
    for (let request = 0; request < 4; request += 1) {
      expect((await limited.fetch(`${url}?width=${10 + request}`)).status).toBe(200);
    }
    const refused = await limited.fetch(`${url}?width=20`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      statusCode: "429",
      code: "SlowDown",
      error: "Too Many Requests",
      message: "Rate limit exceeded, retry in 4 seconds",
    });
    expect(
      (await limited.fetch(`${url.replace("limited.jpg", "other.jpg")}?width=20`)).status,
    ).not.toBe(429);
  });
});
