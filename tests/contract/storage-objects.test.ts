import { Readable } from "node:stream";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";

// Objects through supabase-js's storage client: upload in each form storage-js sends, update,
// download, info, exists, list (v1 and v2), move, copy and remove, as Supabase Storage answers.
let target: ContractTarget;
let service: SupabaseClient;
const bucket = uniqueBucket("objects");
const other = uniqueBucket("others");

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  for (const id of [bucket, other]) {
    const made = await service.storage.createBucket(id, { public: false });
    expect(made.error).toBeNull();
  }
});
afterAll(async () => {
  for (const id of [bucket, other]) {
    await service.storage.emptyBucket(id);
    await service.storage.deleteBucket(id);
  }
  await target.close();
});

const files = () => service.storage.from(bucket);

async function text(path: string, from = bucket): Promise<string> {
  const { data, error } = await service.storage.from(from).download(path);
  expect(error).toBeNull();
  return data!.text();
}

describe("an upload", () => {
  it("stores a Blob (sent as form data), its type, cache time and metadata", async () => {
    const uploaded = await files().upload(
      "notes/hello.txt",
      new Blob(["hello world"], { type: "text/plain" }),
      { cacheControl: "60", metadata: { author: "layla" } },
    );
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: "notes/hello.txt",
      fullPath: `${bucket}/notes/hello.txt`,
    });
    expect(uploaded.data!.id).toMatch(/^[0-9a-f-]{36}$/u);
    expect(await text("notes/hello.txt")).toBe("hello world");
    const info = await files().info("notes/hello.txt");
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      id: uploaded.data!.id,
      name: "notes/hello.txt",
      bucketId: bucket,
      size: 11,
      contentType: "text/plain",
      cacheControl: "max-age=60",
      metadata: { author: "layla" },
    });
  });

  it("stores a raw body (a Buffer, a string, a stream) with the type and metadata given", async () => {
    const buffer = await files().upload("raw/buffer.bin", Buffer.from([1, 2, 3]), {
      contentType: "application/octet-stream",
      metadata: { source: "buffer" },
    });
    expect(buffer.error).toBeNull();
    const plain = await files().upload("raw/plain.txt", "plain words");
    expect(plain.error).toBeNull();
    const streamed = await files().upload(
      "raw/stream.txt",
      Readable.from([Buffer.from("streamed "), Buffer.from("words")]),
      { contentType: "text/plain" },
    );
    expect(streamed.error).toBeNull();
    expect(await text("raw/plain.txt")).toBe("plain words");
    expect(await text("raw/stream.txt")).toBe("streamed words");
    const info = await files().info("raw/buffer.bin");
    expect(info.data).toMatchObject({
      size: 3,
      contentType: "application/octet-stream",
      cacheControl: "max-age=3600",
      metadata: { source: "buffer" },
    });
    const plainInfo = await files().info("raw/plain.txt");
    expect(plainInfo.data?.contentType).toBe("text/plain;charset=UTF-8");
  });

  it("refuses a second upload to a name unless upsert is asked, and then replaces it", async () => {
    expect((await files().upload("twice.txt", "first")).error).toBeNull();
    const again = await files().upload("twice.txt", "second");
    expectStorageError(again.error, {
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    expect(await text("twice.txt")).toBe("first");
    const replaced = await files().upload("twice.txt", "second", { upsert: true });
    expect(replaced.error).toBeNull();
    expect(await text("twice.txt")).toBe("second");
    const updated = await files().update("twice.txt", new Blob(["third"]));
    expect(updated.error).toBeNull();
    expect(await text("twice.txt")).toBe("third");
    // Each replacement removed the version before it (our server's versions; none to count on a project).
    expect(await storedFiles(target, `${bucket}/twice.txt`)).toHaveLength(target.storage ? 1 : 0);
  });

  // Hosted Storage refuses keys outside ASCII; ours keeps them (docs/decisions/0033).
  it.runIf(!process.env.CONTRACT_SUPABASE_URL)(
    "keeps an Arabic name, percent-encoded in the address",
    async () => {
      const name = "صور/كلمة الأولى.txt";
      const uploaded = await files().upload(name, "كلمة");
      expect(uploaded.error).toBeNull();
      expect(await text(name)).toBe("كلمة");
      const listed = await files().list("صور");
      expect(listed.data?.map((entry) => entry.name)).toEqual(["كلمة الأولى.txt"]);
    },
  );
});

describe("a download", () => {
  it("answers ETag, Cache-Control, type and length, 304 to a matching If-None-Match, 206 to a Range", async () => {
    await files().upload("range.txt", "0123456789", {
      contentType: "text/plain",
      cacheControl: "120",
    });
    const url = `${target.url}/storage/v1/object/${bucket}/range.txt`;
    const headers = {
      apikey: target.serviceRoleKey,
      authorization: `Bearer ${target.serviceRoleKey}`,
    };
    const whole = await target.fetch(url, { headers });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("text/plain");
    expect(whole.headers.get("content-length")).toBe("10");
    expect(whole.headers.get("cache-control")).toBe("max-age=120");
    const eTag = whole.headers.get("etag");
    expect(eTag).toMatch(/^"[^"]+"$/u);
    expect(await whole.text()).toBe("0123456789");
    const unchanged = await target.fetch(url, { headers: { ...headers, "if-none-match": eTag! } });
    expect(unchanged.status).toBe(304);
    const part = await target.fetch(url, { headers: { ...headers, range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(part.headers.get("content-length")).toBe("4");
    expect(await part.text()).toBe("2345");
    const tail = await target.fetch(url, { headers: { ...headers, range: "bytes=-3" } });
    expect(await tail.text()).toBe("789");
    const beyond = await target.fetch(url, { headers: { ...headers, range: "bytes=20-30" } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({
      statusCode: "416",
      message: "invalid range provided",
    });
  });

  it("says Object not found for a name that is not there, and exists() answers false", async () => {
    const missing = await files().download("nothing/here.txt");
    expectStorageError(missing.error, {
      status: 400,
      statusCode: "404",
      message: "Object not found",
    });
    expect((await files().exists("nothing/here.txt")).data).toBe(false);
    await files().upload("present.txt", "here");
    expect((await files().exists("present.txt")).data).toBe(true);
    const info = await files().info("nothing/here.txt");
    expectStorageError(info.error, {
      status: 400,
      statusCode: "404",
      message: "Object not found",
    });
  });
});

describe("a listing", () => {
  const listed = uniqueBucket("listed");
  beforeAll(async () => {
    expect((await service.storage.createBucket(listed)).error).toBeNull();
    const names = [
      "a.txt",
      "B.txt",
      "c.txt",
      "docs/one.txt",
      "docs/two.txt",
      "docs/deep/three.txt",
    ];
    for (const name of names) {
      expect((await service.storage.from(listed).upload(name, name)).error).toBeNull();
    }
  });
  afterAll(async () => {
    await service.storage.emptyBucket(listed);
    await service.storage.deleteBucket(listed);
  });

  it("lists the entries under a prefix, folders with a null id, by name in any case", async () => {
    const root = await service.storage.from(listed).list();
    expect(root.error).toBeNull();
    expect(root.data!.map((entry) => entry.name)).toEqual(["a.txt", "B.txt", "c.txt", "docs"]);
    const folder = root.data!.find((entry) => entry.name === "docs")!;
    expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null, created_at: null });
    const file = root.data!.find((entry) => entry.name === "a.txt")!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/u);
    expect(file.metadata).toMatchObject({ size: 5, mimetype: "text/plain;charset=UTF-8" });
    const docs = await service.storage.from(listed).list("docs");
    expect(docs.data!.map((entry) => entry.name)).toEqual(["deep", "one.txt", "two.txt"]);
  });

  it("pages with limit and offset, sorts either way and searches by the name's start", async () => {
    const page = await service.storage
      .from(listed)
      .list("", { limit: 2, offset: 1, sortBy: { column: "name", order: "desc" } });
    expect(page.data!.map((entry) => entry.name)).toEqual(["c.txt", "B.txt"]);
    const searched = await service.storage.from(listed).list("docs", { search: "t" });
    expect(searched.data!.map((entry) => entry.name)).toEqual(["two.txt"]);
    const byTime = await service.storage
      .from(listed)
      .list("", { sortBy: { column: "created_at", order: "asc" } });
    expect(byTime.data![0]).toMatchObject({ name: "docs", id: null });
  });

  it("lists v2: keys under a prefix with folders apart, a page at a time", async () => {
    const first = await service.storage
      .from(listed)
      .listV2({ prefix: "", with_delimiter: true, limit: 3 });
    expect(first.error).toBeNull();
    expect(first.data!.hasNext).toBe(true);
    expect(first.data!.objects.map((entry) => entry.name)).toEqual(["B.txt", "a.txt", "c.txt"]);
    const rest = await service.storage
      .from(listed)
      .listV2({ prefix: "", with_delimiter: true, limit: 3, cursor: first.data!.nextCursor! });
    expect(rest.data!.hasNext).toBe(false);
    expect(rest.data!.folders.map((entry) => entry.name)).toEqual(["docs/"]);
    const newest = await service.storage
      .from(listed)
      .listV2({ prefix: "docs/", limit: 2, sortBy: { column: "created_at", order: "desc" } });
    expect(newest.data!.objects.map((entry) => entry.name)).toEqual([
      "docs/deep/three.txt",
      "docs/two.txt",
    ]);
    const older = await service.storage.from(listed).listV2({
      prefix: "docs/",
      limit: 2,
      sortBy: { column: "created_at", order: "desc" },
      cursor: newest.data!.nextCursor!,
    });
    expect(older.data).toMatchObject({ hasNext: false });
    expect(older.data!.objects.map((entry) => entry.name)).toEqual(["docs/one.txt"]);
    const flat = await service.storage.from(listed).listV2({ prefix: "docs/" });
    expect(flat.data!.objects.map((entry) => entry.name)).toEqual([
      "docs/deep/three.txt",
      "docs/one.txt",
      "docs/two.txt",
    ]);
  });
});

describe("move, copy and remove", () => {
  it("moves within a bucket and to another, leaving nothing at the source", async () => {
    await files().upload("move/from.txt", "moving");
    const moved = await files().move("move/from.txt", "move/to.txt");
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ message: "Successfully moved" });
    expect(await text("move/to.txt")).toBe("moving");
    expect((await files().exists("move/from.txt")).data).toBe(false);
    const across = await files().move("move/to.txt", "arrived.txt", { destinationBucket: other });
    expect(across.error).toBeNull();
    expect(await text("arrived.txt", other)).toBe("moving");
    expect((await files().exists("move/to.txt")).data).toBe(false);
    expect(await storedFiles(target, `${bucket}/move`)).toEqual([]);
  });

  it("copies within a bucket and to another, keeping the source", async () => {
    await files().upload("copy/source.txt", "copied", { contentType: "text/plain" });
    const copied = await files().copy("copy/source.txt", "copy/target.txt");
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `${bucket}/copy/target.txt` });
    const across = await files().copy("copy/source.txt", "copy.txt", { destinationBucket: other });
    expect(across.data).toEqual({ path: `${other}/copy.txt` });
    expect(await text("copy/target.txt")).toBe("copied");
    expect(await text("copy.txt", other)).toBe("copied");
    expect(await text("copy/source.txt")).toBe("copied");
    const onto = await files().copy("copy/source.txt", "copy/target.txt");
    expectStorageError(onto.error, {
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    const missing = await files().move("copy/none.txt", "copy/elsewhere.txt");
    expectStorageError(missing.error, {
      status: 400,
      statusCode: "404",
      message: "Object not found",
    });
  });

  it("removes many at once, answering the objects removed", async () => {
    await files().upload("gone/one.txt", "1");
    await files().upload("gone/two.txt", "2");
    const removed = await files().remove(["gone/one.txt", "gone/two.txt", "gone/never.txt"]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((entry) => entry.name).sort()).toEqual([
      "gone/one.txt",
      "gone/two.txt",
    ]);
    expect((await files().list("gone")).data).toEqual([]);
    expect(await storedFiles(target, `${bucket}/gone`)).toEqual([]);
  });
});

describe("a name spelled in NFC or NFD", () => {
  const composed = "nfc/café.txt".normalize("NFC");
  const decomposed = "nfc/café.txt".normalize("NFD");

  it("is one object to every route", async () => {
    expect(decomposed).not.toBe(composed);
    expect(
      (await files().upload(decomposed, "one", { contentType: "text/plain" })).error,
    ).toBeNull();
    expectStorageError(
      (await files().upload(composed, "two", { contentType: "text/plain" })).error,
      { status: 400, statusCode: "409", message: "The resource already exists" },
    );
    expect(await text(composed)).toBe("one");
    expect(await text(decomposed)).toBe("one");
    const listed = await files().list("nfc".normalize("NFD"), { search: "café".normalize("NFD") });
    expect(listed.data!.map((entry) => entry.name)).toEqual(["café.txt".normalize("NFC")]);
    const signed = await files().createSignedUrls([decomposed], 60);
    expect(signed.data).toMatchObject([{ error: null, path: decomposed }]);
    const read = await target.fetch(signed.data![0]!.signedUrl!);
    expect(await read.text()).toBe("one");
    const removed = await files().remove([composed]);
    expect(removed.data).toHaveLength(1);
    expect((await files().list("nfc")).data).toEqual([]);
  });
});
