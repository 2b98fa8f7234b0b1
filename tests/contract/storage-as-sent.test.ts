import { createHash } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { exifTags, phonePhoto, twoColourImage, withPngSize } from "../support/images.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";

// What Supabase Storage answers where Kalima once answered otherwise: an image-only bucket keeps
// the bytes it is sent (only site-media and the buckets STORAGE_CLEAN_BUCKETS names clean
// photos), `file_size_limit` text in decimal units, `{}` for an upload with no metadata, listV2's
// folders with their `key`, and a render's `X-Transformations`.
let target: ContractTarget;
let service: SupabaseClient;
const archive = uniqueBucket("archive");
const portfolio = uniqueBucket("portfolio");
const cleaned = uniqueBucket("cleaned");
const sizes = uniqueBucket("sizes");
const photoTypes = ["image/jpeg", "image/png"];
let photo: Buffer;
let profiledPng: Buffer;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
async function downloaded(bucket: string, path: string): Promise<Buffer> {
  const { data, error } = await service.storage.from(bucket).download(path);
  expect(error).toBeNull();
  return Buffer.from(await data!.arrayBuffer());
}

beforeAll(async () => {
  target = await contractTarget({ cleanBuckets: [cleaned] });
  service = clientFor(target, target.serviceRoleKey);
  for (const id of [archive, portfolio, cleaned]) {
    const made = await service.storage.createBucket(id, {
      public: true,
      allowedMimeTypes: photoTypes,
    });
    expect(made.error).toBeNull();
  }
  photo = await phonePhoto();
  profiledPng = await sharp(await twoColourImage("png"))
    .withIccProfile("p3")
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const id of [archive, portfolio, cleaned, sizes]) {
    await service.storage.emptyBucket(id);
    await service.storage.deleteBucket(id);
  }
  await target.close();
});

describe("an image-only bucket", () => {
  it("returns a JPEG with EXIF, XMP and a colour profile byte for byte, as it was sent", async () => {
    const sent = await service.storage
      .from(archive)
      .upload("proof/delivery.jpg", photo, { contentType: "image/jpeg" });
    expect(sent.error).toBeNull();
    const bytes = await downloaded(archive, "proof/delivery.jpg");
    expect(bytes.equals(photo)).toBe(true);
    expect(exifTags((await sharp(bytes).metadata()).exif!)).toContain(0x8825);
    const info = await service.storage.from(archive).info("proof/delivery.jpg");
    expect(info.data).toMatchObject({ size: photo.length, contentType: "image/jpeg" });
  });

  it("returns a PNG with its colour profile as sent, through an update and a signed upload too", async () => {
    const files = service.storage.from(archive);
    expect(
      (await files.upload("print.png", profiledPng, { contentType: "image/png" })).error,
    ).toBeNull();
    expect(sha256(await downloaded(archive, "print.png"))).toBe(sha256(profiledPng));
    expect((await sharp(await downloaded(archive, "print.png")).metadata()).icc).toBeDefined();
    const replacement = await sharp(profiledPng).rotate(180).withIccProfile("p3").png().toBuffer();
    expect(
      (await files.update("print.png", replacement, { contentType: "image/png" })).error,
    ).toBeNull();
    expect((await downloaded(archive, "print.png")).equals(replacement)).toBe(true);
    const signed = await files.createSignedUploadUrl("signed.jpg");
    const uploaded = await clientFor(target, target.anonKey)
      .storage.from(archive)
      .uploadToSignedUrl("signed.jpg", signed.data!.token, photo, { contentType: "image/jpeg" });
    expect(uploaded.error).toBeNull();
    expect((await downloaded(archive, "signed.jpg")).equals(photo)).toBe(true);
  });

  it("is copied to another bucket that keeps photos as sent with the same bytes", async () => {
    await service.storage.from(archive).upload("to-copy.jpg", photo, { contentType: "image/jpeg" });
    const copied = await service.storage
      .from(archive)
      .copy("to-copy.jpg", "copied.jpg", { destinationBucket: portfolio });
    expect(copied.error).toBeNull();
    expect((await downloaded(portfolio, "copied.jpg")).equals(photo)).toBe(true);
  });
});

// Ours alone: Supabase checks no upload's bytes and cleans none.
describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("what an image-only bucket still checks", () => {
  it("refuses an SVG declared image/png, and a decompression bomb, storing nothing", async () => {
    const before = await storedFiles(target, archive);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const refused = await service.storage
      .from(archive)
      .upload("logo.png", svg, { contentType: "image/png" });
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "415",
      message:
        "mime type image/svg+xml is not supported: the file is an SVG image, not a JPEG, PNG, WebP or AVIF image: SVG can carry scripts",
    });
    const bomb = withPngSize(await twoColourImage("png"), 30_000, 30_000);
    const tooBig = await service.storage
      .from(archive)
      .upload("bomb.png", bomb, { contentType: "image/png" });
    expectStorageError(tooBig.error, {
      status: 400,
      statusCode: "413",
      message:
        "The image is 30000 × 30000 pixels (900 megapixels): the largest taken is 50 megapixels and 16384 pixels a side",
    });
    const notAPhoto = await service.storage
      .from(archive)
      .upload("notes.jpg", Buffer.from("just words"), { contentType: "image/jpeg" });
    expect(notAPhoto.error).toMatchObject({ statusCode: "415" });
    expect(await storedFiles(target, archive)).toEqual(before);
  });

  it("cleans a photo in a bucket STORAGE_CLEAN_BUCKETS names, as in site-media", async () => {
    const sent = await service.storage
      .from(cleaned)
      .upload("from-a-phone.jpg", photo, { contentType: "image/jpeg" });
    expect(sent.error).toBeNull();
    const bytes = await downloaded(cleaned, "from-a-phone.jpg");
    expect(bytes.equals(photo)).toBe(false);
    const image = await sharp(bytes).metadata();
    expect(image).toMatchObject({ format: "jpeg", width: 32, height: 64 });
    expect(image.exif).toBeUndefined();
    expect(image.icc).toBeUndefined();
    expect(bytes.includes("SN-4417-2209")).toBe(false);
  });

  it("takes no photo copied into a cleaning bucket from one that keeps photos as sent", async () => {
    await service.storage.from(archive).upload("tagged.jpg", photo, { contentType: "image/jpeg" });
    const refused = await service.storage
      .from(archive)
      .copy("tagged.jpg", "tagged.jpg", { destinationBucket: cleaned });
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "400",
      message: `Objects enter ${cleaned} by upload, where their bytes are checked and cleaned: upload it there instead of copying or moving it from a bucket that keeps photos as sent`,
    });
    expect((await service.storage.from(cleaned).exists("tagged.jpg")).data).toBe(false);
  });
});

describe("a bucket's file size limit as text", () => {
  const limitOf = async () => (await service.storage.getBucket(sizes)).data!.file_size_limit;
  beforeAll(async () => {
    expect((await service.storage.createBucket(sizes)).error).toBeNull();
  });

  it("is read in Supabase's decimal units, on create and on update", async () => {
    const made = uniqueBucket("made");
    expect(
      (await service.storage.createBucket(made, { public: false, fileSizeLimit: "20mb" })).error,
    ).toBeNull();
    expect((await service.storage.getBucket(made)).data!.file_size_limit).toBe(20_000_000);
    await service.storage.deleteBucket(made);
    for (const [given, bytes] of [
      ["1.5KB", 1500],
      ["0.02GB", 20_000_000],
      ["1234b", 1230],
      ["2.345Mb", 2_350_000],
      ["300", 300],
      [4096, 4096],
    ] as const) {
      const updated = await service.storage.updateBucket(sizes, {
        public: false,
        fileSizeLimit: given,
      });
      expect(updated.error).toBeNull();
      expect(await limitOf()).toBe(bytes);
    }
  });

  it("refuses text its parser does not read, and a limit over the server's, changing nothing", async () => {
    await service.storage.updateBucket(sizes, { public: false, fileSizeLimit: 4096 });
    const pattern = "^[0-9]+(?:\\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$";
    const field = "body/file_size_limit";
    for (const given of ["20 MB", "1TB", "20m", "-5mb"]) {
      const refused = await service.storage.updateBucket(sizes, {
        public: false,
        fileSizeLimit: given,
      });
      expectStorageError(refused.error, {
        status: 400,
        statusCode: "400",
        message: `${field} must be integer, ${field} must match pattern "${pattern}", ${field} must match a schema in anyOf`,
      });
    }
    const tooLarge = await service.storage.createBucket(uniqueBucket("huge"), {
      public: false,
      fileSizeLimit: "100GB",
    });
    expectStorageError(tooLarge.error, {
      status: 400,
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });
    expect(await limitOf()).toBe(4096);
  });
});

describe("an object's metadata", () => {
  it("is {} for an upload that names none, and what it named otherwise", async () => {
    const files = service.storage.from(archive);
    await files.upload("plain.png", profiledPng, { contentType: "image/png" });
    expect((await files.info("plain.png")).data!.metadata).toEqual({});
    await files.upload("named.png", profiledPng, {
      contentType: "image/png",
      metadata: { shotBy: "Leila" },
    });
    expect((await files.info("named.png")).data!.metadata).toEqual({ shotBy: "Leila" });
    const raw = await target.fetch(
      `${target.url}/storage/v1/object/info/public/${archive}/plain.png`,
      { headers: { apikey: target.anonKey } },
    );
    expect(await raw.json()).toMatchObject({ name: "plain.png", metadata: {} });
  });
});

describe("listV2", () => {
  it("names each folder's and object's key, as Supabase's search_v2 does", async () => {
    const files = service.storage.from(portfolio);
    for (const path of ["2026/summer/a.png", "2026/winter/b.png", "2026/cover.png"]) {
      expect(
        (await files.upload(path, profiledPng, { contentType: "image/png" })).error,
      ).toBeNull();
    }
    const listed = await files.listV2({ prefix: "2026/", with_delimiter: true });
    expect(listed.error).toBeNull();
    expect(listed.data!.folders).toEqual(
      ["summer", "winter"].map((key) => ({
        key,
        name: `2026/${key}/`,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      })),
    );
    expect(listed.data!.objects).toEqual([
      expect.objectContaining({ key: "cover.png", name: "2026/cover.png" }),
    ]);
    const byTime = await files.listV2({
      prefix: "2026/",
      with_delimiter: true,
      sortBy: { column: "created_at", order: "asc" },
    });
    const created = async (path: string) => {
      const info = (await files.info(path)).data!;
      expect(info.createdAt).toEqual(expect.any(String));
      return info.createdAt;
    };
    const firstFolder = byTime.data!.folders[0] as { key?: string; created_at?: string };
    expect(firstFolder.key).toBe("summer");
    expect(firstFolder.created_at).toEqual(expect.any(String));
    expect(Date.parse(firstFolder.created_at!)).toBe(
      Date.parse(await created("2026/summer/a.png")),
    );
    const top = await files.listV2({ with_delimiter: true });
    expect(top.data!.folders).toEqual([expect.objectContaining({ key: "2026", name: "2026/" })]);
    const flat = await files.listV2({ prefix: "2026/" });
    expect(flat.data!.folders).toEqual([]);
    expect(Object.keys(flat.data!.objects[0]!).sort()).toEqual([
      "created_at",
      "id",
      "last_accessed_at",
      "metadata",
      "name",
      "updated_at",
    ]);
  });
});

describe("a transformed read", () => {
  beforeAll(async () => {
    const made = await service.storage
      .from(portfolio)
      .upload("render.jpg", await twoColourImage("jpeg", 400, 300), { contentType: "image/jpeg" });
    expect(made.error).toBeNull();
  });

  it("answers X-Transformations as Supabase's renderer writes them", async () => {
    const files = service.storage.from(portfolio);
    const read = async (transform: Parameters<typeof files.getPublicUrl>[1]) =>
      target.fetch(files.getPublicUrl("render.jpg", transform).data.publicUrl);
    const filled = await read({ transform: { width: 200, height: 200, quality: 60 } });
    expect(filled.status).toBe(200);
    expect(filled.headers.get("x-transformations")).toBe(
      "height:200,width:200,resizing_type:fill,quality:60",
    );
    const contained = await read({
      transform: { width: 120, resize: "contain", format: "origin" },
    });
    expect(contained.headers.get("x-transformations")).toBe("width:120,resizing_type:fit");
    const stretched = await read({ transform: { height: 5000, resize: "fill" } });
    expect(stretched.headers.get("x-transformations")).toBe("height:2000,resizing_type:force");
    const plain = await target.fetch(files.getPublicUrl("render.jpg").data.publicUrl);
    expect(plain.headers.get("x-transformations")).toBeNull();
  });

  it("names them on a HEAD and an info that ask for a transform, as Supabase's head and info do", async () => {
    const path = `${portfolio}/render.jpg?width=64&resize=contain`;
    const headers = { authorization: `Bearer ${target.serviceRoleKey}`, apikey: target.anonKey };
    const head = await target.fetch(`${target.url}/storage/v1/object/public/${path}`, {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-transformations")).toBe("width:64,resizing_type:fit");
    const info = await target.fetch(`${target.url}/storage/v1/object/info/${path}`, { headers });
    expect(info.status).toBe(200);
    expect(info.headers.get("x-transformations")).toBe("width:64,resizing_type:fit");
    const get = await target.fetch(`${target.url}/storage/v1/object/public/${path}`);
    expect(get.headers.get("x-transformations")).toBeNull();
  });

  it("answers them for a signed transformed URL, from the transform its token carries", async () => {
    const signed = await service.storage.from(portfolio).createSignedUrl("render.jpg", 60, {
      transform: { width: 100, height: 80, resize: "cover", quality: 70 },
    });
    expect(signed.error).toBeNull();
    const answer = await target.fetch(signed.data!.signedUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-transformations")).toBe(
      "height:80,width:100,resizing_type:fill,quality:70",
    );
  });
});
