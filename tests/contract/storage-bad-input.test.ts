import type { SupabaseClient } from "@supabase/supabase-js";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";

// What a client gets wrong is refused with Supabase Storage's status and words, and changes
// nothing: no row, no bytes.
let target: ContractTarget;
let service: SupabaseClient;
const bucket = uniqueBucket("strict");

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  const made = await service.storage.createBucket(bucket, {
    public: false,
    fileSizeLimit: 16,
    allowedMimeTypes: ["text/plain", "image/*"],
  });
  expect(made.error).toBeNull();
  await service.storage.from(bucket).upload("kept.txt", "kept", { contentType: "text/plain" });
});
afterAll(async () => {
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
  await target.close();
});

async function unchanged() {
  const listed = await service.storage.from(bucket).list();
  expect(listed.data!.map((entry) => entry.name)).toEqual(["kept.txt"]);
  const text = await (await service.storage.from(bucket).download("kept.txt")).data!.text();
  expect(text).toBe("kept");
  expect(await storedFiles(target, bucket)).toHaveLength(target.storage ? 1 : 0);
}

function request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return target.fetch(`${target.url}/storage/v1${path}`, {
    ...init,
    headers: {
      apikey: target.serviceRoleKey,
      authorization: `Bearer ${target.serviceRoleKey}`,
      ...init.headers,
    },
  });
}

const longSegment = `${"\u0627".repeat(128)}.txt`;
const longKey = `${`${"k".repeat(200)}/`.repeat(5)}${"k".repeat(30)}.txt`;

describe("an upload that is refused", () => {
  const cases: {
    label: string;
    upload: () => Promise<{ error: unknown }>;
    statusCode: string;
    message: string;
  }[] = [
    {
      label: "over the bucket's limit, as form data",
      upload: () =>
        service.storage
          .from(bucket)
          .upload("big.txt", new Blob(["x".repeat(17)], { type: "text/plain" })),
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    },
    {
      label: "over the bucket's limit, as a stream of unknown length",
      upload: () =>
        service.storage
          .from(bucket)
          .upload("big.txt", Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), {
            contentType: "text/plain",
          }),
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    },
    {
      label: "of a type the bucket does not take",
      upload: () =>
        service.storage.from(bucket).upload("page.html", "<p>hi</p>", { contentType: "text/html" }),
      statusCode: "415",
      message: "mime type text/html is not supported",
    },
    {
      label: "to a bucket that does not exist",
      upload: () => service.storage.from("no-such-bucket").upload("a.txt", "a"),
      statusCode: "404",
      message: "Bucket not found",
    },
    {
      label: "with a name that is not a key",
      upload: () =>
        service.storage.from(bucket).upload("a\u0000b.txt", "a", { contentType: "text/plain" }),
      statusCode: "400",
      message: "Invalid key: a\u0000b.txt",
    },
    {
      label: "with a segment over 255 bytes (128 Arabic letters)",
      upload: () =>
        service.storage.from(bucket).upload(longSegment, "a", { contentType: "text/plain" }),
      statusCode: "400",
      message: `Invalid key: ${longSegment}`,
    },
    {
      label: "with a name over 1,024 bytes",
      upload: () =>
        service.storage.from(bucket).upload(longKey, "a", { contentType: "text/plain" }),
      statusCode: "400",
      message: `Invalid key: ${longKey}`,
    },
    {
      label: "over an existing object without upsert",
      upload: () =>
        service.storage.from(bucket).upload("kept.txt", "other", { contentType: "text/plain" }),
      statusCode: "409",
      message: "The resource already exists",
    },
  ];

  it.each(cases)("$label: $statusCode $message", async ({ upload, statusCode, message }) => {
    const { error } = await upload();
    expect(error).toMatchObject({ status: 400, statusCode, message });
    await unchanged();
  });
});

describe("a name that would leave its bucket", () => {
  it.each(["../escape.txt", "a/../../escape.txt", "./here.txt"])(
    "%s is an invalid key, in an upload's address and in a move or copy",
    async (name) => {
      const upload = await request(`/object/${bucket}/${name.replaceAll("/", "%2F")}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "escape",
      });
      expect(upload.status).toBe(400);
      expect(await upload.json()).toMatchObject({
        statusCode: "400",
        message: `Invalid key: ${name}`,
      });
      const move = await service.storage.from(bucket).move("kept.txt", name);
      expectStorageError(move.error, {
        status: 400,
        statusCode: "400",
        message: `Invalid key: ${name}`,
      });
      const copy = await service.storage.from(bucket).copy("kept.txt", name);
      expectStorageError(copy.error, {
        status: 400,
        statusCode: "400",
        message: `Invalid key: ${name}`,
      });
      await unchanged();
    },
  );
});

// The file backend keeps a.txt's bytes at <bucket>/a.txt/<version>; S3 keys share no folders.
const onFiles = !process.env.CONTRACT_SUPABASE_URL && process.env.TEST_STORAGE_BACKEND !== "s3";

describe("a name whose folder is another object's version", () => {
  async function versionName() {
    const info = await service.storage.from(bucket).info("kept.txt");
    return `kept.txt/${info.data!.version}`;
  }

  it.runIf(onFiles)("is refused as an upload's or a copy's name on files", async () => {
    const name = await versionName();
    const upload = await service.storage
      .from(bucket)
      .upload(name, "other", { contentType: "text/plain" });
    const copy = await service.storage.from(bucket).copy("kept.txt", name);
    const refused = { status: 400, statusCode: "400", message: `Invalid key: ${name}` };
    expect([upload.error, copy.error]).toMatchObject([refused, refused]);
    await unchanged();
  });

  it.runIf(!onFiles)("is stored apart from the other's bytes in S3", async () => {
    const name = await versionName();
    const upload = await service.storage
      .from(bucket)
      .upload(name, "other", { contentType: "text/plain" });
    expect(upload.error).toBeNull();
    const stored = await service.storage.from(bucket).download(name);
    expect(await stored.data!.text()).toBe("other");
    await service.storage.from(bucket).remove([name]);
    await unchanged();
  });
});

describe("a copy or move into a bucket that would refuse the upload", () => {
  const loose = uniqueBucket("loose");
  beforeAll(async () => {
    expect((await service.storage.createBucket(loose)).error).toBeNull();
    const from = service.storage.from(loose);
    await from.upload("page.html", "<script>alert(1)</script>", { contentType: "text/html" });
    await from.upload("long.txt", "x".repeat(17), { contentType: "text/plain" });
  });
  afterAll(async () => {
    await service.storage.emptyBucket(loose);
    await service.storage.deleteBucket(loose);
  });

  it.each([
    { name: "page.html", statusCode: "415", message: "mime type text/html is not supported" },
    {
      name: "long.txt",
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    },
  ])("of $name is refused as its upload would be", async ({ name, statusCode, message }) => {
    const into = { destinationBucket: bucket };
    const copy = await service.storage.from(loose).copy(name, name, into);
    const move = await service.storage.from(loose).move(name, name, into);
    const refused = { status: 400, statusCode, message };
    expect([copy.error, move.error]).toMatchObject([refused, refused]);
    await unchanged();
    const left = await service.storage.from(loose).list();
    expect(left.data!.map((entry) => entry.name)).toContain(name);
  });
});

describe("a body that is not what the route reads", () => {
  it("malformed JSON is refused as Supabase's server refuses it", async () => {
    const answer = await request(`/object/list/${bucket}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"prefix": ',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      statusCode: "400",
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
  });

  it("a removal without prefixes names the property it needs, and removes nothing", async () => {
    const answer = await request(`/object/${bucket}`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      statusCode: "400",
      message: "body must have required property 'prefixes'",
    });
    await unchanged();
  });
});

describe("a request naming more than 1,000 objects", () => {
  const names = (count: number) => Array.from({ length: count }, (_, index) => `n${index}.txt`);

  it("signs 1,000 paths, and refuses 1,001 as the route's schema does", async () => {
    const most = await service.storage.from(bucket).createSignedUrls(names(1000), 60);
    expect(most.error).toBeNull();
    expect(most.data).toHaveLength(1000);
    const over = await service.storage.from(bucket).createSignedUrls(names(1001), 60);
    expectStorageError(over.error, {
      status: 400,
      statusCode: "400",
      message: "body/paths must NOT have more than 1000 items",
    });
  });

  it("removes nothing when asked to remove 1,001", async () => {
    const over = await service.storage.from(bucket).remove(["kept.txt", ...names(1000)]);
    expect(over.data).toBeNull();
    expectStorageError(over.error, {
      status: 400,
      statusCode: "400",
      message: "body/prefixes must NOT have more than 1000 items",
    });
    await unchanged();
  });
});

describe("a request the database could not take", () => {
  const anonymously = (path: string, body: unknown) =>
    request(path, {
      method: "POST",
      headers: {
        apikey: target.anonKey,
        authorization: `Bearer ${target.anonKey}`,
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
    });
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it.each([
    {
      label: "an offset past any bigint",
      path: `/object/list/${bucket}`,
      body: { prefix: "", offset: 1e20 },
      message: "body/offset must be <= 9007199254740991",
    },
    {
      label: "a cursor whose time is no time",
      path: `/object/list-v2/${bucket}`,
      body: { cursor: cursor({ name: "a", time: "soon" }), sortBy: { column: "created_at" } },
      message: "Invalid cursor",
    },
    {
      label: "a cursor whose date is no date",
      path: `/object/list-v2/${bucket}`,
      body: {
        cursor: cursor({ name: "a", time: "2026-13-45 00:00:00+00" }),
        sortBy: { column: "created_at" },
      },
      message: "Invalid cursor",
    },
  ])("$label is refused: $message", async ({ path, body, message }) => {
    const answer = await anonymously(path, body);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ statusCode: "400", message });
  });

  it("a bucket listing's offset and limit past any bigint are read as none", async () => {
    const answer = await request("/bucket?offset=1e20&limit=1e20");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toContainEqual(expect.objectContaining({ id: bucket }));
  });

  it.each([
    { label: "a prefix", path: `/object/list/${bucket}`, body: { prefix: "a\u0000" } },
    {
      label: "a path to sign",
      path: `/object/sign/${bucket}`,
      body: { expiresIn: 60, paths: ["a\u0000"] },
    },
    { label: "a bucket's id", path: "/object/list/a%00b", body: {} },
  ])("a NUL in $label is the request's error, not the server's", async ({ path, body }) => {
    const answer = await anonymously(path, body);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
  });
});

describe("an upload whose type or cache time would break its reads", () => {
  // A bucket that takes any type, where only the type's spelling can refuse it.
  const open = uniqueBucket("open");
  beforeAll(async () => {
    expect((await service.storage.createBucket(open)).error).toBeNull();
  });
  afterAll(async () => {
    await service.storage.deleteBucket(open);
  });

  it.each([
    { field: "contentType", value: "text/plain\r\nX-Injected: 1", statusCode: "415" },
    { field: "cacheControl", value: "60\r\nX-Injected: 1", statusCode: "400" },
  ])(
    "a line break in $field is refused and nothing is stored",
    async ({ field, value, statusCode }) => {
      const form = new FormData();
      form.append(field, value);
      form.append("", new Blob(["line"], { type: "text/plain" }), "line.txt");
      const answer = await request(`/object/${open}/line.txt`, { method: "POST", body: form });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ statusCode });
      expect((await service.storage.from(open).list()).data).toEqual([]);
      expect(await storedFiles(target, open)).toEqual([]);
    },
  );
});

describe("a bearer token that is not the project's", () => {
  it("is refused with jose's words before anything is read", async () => {
    const forged = `${target.anonKey.slice(0, -4)}AAAA`;
    const answer = await request(`/object/${bucket}/kept.txt`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      statusCode: "403",
      error: "Unauthorized",
      message: "signature verification failed",
    });
  });
});
