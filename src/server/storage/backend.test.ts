import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { s3Credentials, startS3Server } from "../../../tests/support/s3-server.ts";
import { StoredBytesMissing, type StorageBackend } from "./backend.ts";
import { fileBackend } from "./file-backend.ts";
import { s3Backend } from "./s3-backend.ts";

// The chunks a stream has passed on are garbage the collector frees when it likes, tens of
// megabytes later: collected as the write goes, the RSS shows what the write holds.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

// What every backend must do alike, whichever holds the bytes: one row of the table per backend.
interface Opened {
  backend: StorageBackend;
  close(): Promise<void>;
}

async function openS3(): Promise<Opened> {
  for (const [name, value] of Object.entries(s3Credentials)) vi.stubEnv(name, value);
  const server = await startS3Server();
  const backend = s3Backend(server.settings);
  return {
    backend,
    async close() {
      await backend.close();
      await server.stop();
      vi.unstubAllEnvs();
    },
  };
}

async function openFile(): Promise<Opened> {
  const root = await mkdtemp(path.join(tmpdir(), "kalima-backend-"));
  const backend = fileBackend(root);
  return {
    backend,
    async close() {
      await backend.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const backends: [string, () => Promise<Opened>][] = [
  ["file", openFile],
  ["s3", openS3],
];

const options = { contentType: "image/png", cacheControl: "max-age=3600" };

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes in chunks of 64 kB, each made as it is read, so the test holds none of them. */
function generated(size: number, fail?: Error): Readable {
  const chunk = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += chunk) {
        yield Buffer.alloc(Math.min(chunk, size - sent), sent / chunk);
      }
      if (fail) throw fail;
    })(),
  );
}

async function sha256(body: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function keysUnder(backend: StorageBackend, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const found of backend.list(prefix)) keys.push(found.key);
  return keys.sort();
}

describe.each(backends)("the %s backend", (name, open) => {
  let opened: Opened;
  let backend: StorageBackend;
  // Each test writes under a prefix of its own.
  const under = () => `bucket-${randomUUID()}`;

  beforeAll(async () => {
    opened = await open();
    backend = opened.backend;
  }, 60_000);
  afterAll(async () => {
    await opened.close();
  });

  // RSS seldom shrinks: memory the process already holds (from another backend's run) can hide
  // a write that buffered. So the live memory (heap and buffers, collected as the write goes)
  // is bounded too, which no earlier growth hides.
  it("streams a 50 MB write without holding it in memory", async () => {
    const key = `${under()}/large.bin/v1`;
    const size = 50 * 1024 * 1024;
    // A first write loads what a backend loads once (an S3 client its credentials, its multipart
    // code), which is not what a write holds.
    await backend.write(`${key}-warm`, generated(12 * 1024 * 1024), options);
    collectGarbage();
    const live = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const before = { rss: process.memoryUsage().rss, live: live() };
    const peak = { ...before };
    const sample = () => {
      peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
      peak.live = Math.max(peak.live, live());
    };
    const sampler = setInterval(() => {
      sample();
      collectGarbage();
    }, 20);
    try {
      const stored = await backend.write(key, generated(size), options);
      expect(stored.size).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    sample();
    const megabytes = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
    process.stdout.write(
      `${name}: 50 MB write, RSS grew ${megabytes(peak.rss - before.rss)} MB, ` +
        `live memory ${megabytes(peak.live - before.live)} MB\n`,
    );
    // A body held whole would add its 50 MB; a stream holds a few parts (S3) or chunks (disk).
    expect(peak.rss - before.rss).toBeLessThan(40 * 1024 * 1024);
    expect(peak.live - before.live).toBeLessThan(40 * 1024 * 1024);

    const read = await backend.read(key, { start: size - 4 });
    expect(await bytesOf(read.body)).toEqual(Buffer.alloc(4, (size - 1) >> 16));
    expect(await sha256((await backend.read(key)).body)).toBe(await sha256(generated(size)));
  }, 120_000);

  it("writes bytes and reads them back, with their size, validator and time", async () => {
    const key = `${under()}/صور/كلمة 1.png/v1`;
    const body = Buffer.from("the power of the word — قوة الكلمة");
    const stored = await backend.write(key, Readable.from([body]), options);
    expect(stored.size).toBe(body.length);
    expect(stored.eTag).toMatch(/^"[^"]+"$/u);
    expect(Math.abs(stored.lastModified.getTime() - Date.now())).toBeLessThan(60_000);

    const read = await backend.read(key);
    expect(await bytesOf(read.body)).toEqual(body);
    expect(read).toMatchObject({ size: body.length, eTag: stored.eTag });
    expect(read.contentRange).toBeUndefined();
    expect(await backend.head(key)).toEqual(stored);
  });

  // The routes answer 416 for a range the object cannot satisfy, before a backend is asked.
  it("reads a range, to its end or open", async () => {
    const key = `${under()}/range.txt/v1`;
    await backend.write(key, Readable.from([Buffer.from("0123456789")]), options);

    const middle = await backend.read(key, { start: 2, end: 5 });
    expect((await bytesOf(middle.body)).toString()).toBe("2345");
    expect(middle).toMatchObject({ size: 10, contentRange: "bytes 2-5/10" });

    const tail = await backend.read(key, { start: 7 });
    expect((await bytesOf(tail.body)).toString()).toBe("789");
    expect(tail.contentRange).toBe("bytes 7-9/10");
  });

  it("copies bytes to a new key, leaving the source", async () => {
    const prefix = under();
    const body = Buffer.from("copied");
    await backend.write(`${prefix}/a.txt/v1`, Readable.from([body]), options);
    const copied = await backend.copy(`${prefix}/a.txt/v1`, `${prefix}/ب.txt/v2`);
    expect(copied.size).toBe(body.length);
    expect(await bytesOf((await backend.read(`${prefix}/ب.txt/v2`)).body)).toEqual(body);
    expect(await keysUnder(backend, prefix)).toEqual([`${prefix}/a.txt/v1`, `${prefix}/ب.txt/v2`]);
  });

  it.each([
    ["read", (backend: StorageBackend, key: string) => backend.read(key)],
    ["read a range of", (backend: StorageBackend, key: string) => backend.read(key, { start: 1 })],
    ["head", (backend: StorageBackend, key: string) => backend.head(key)],
    ["copy", (backend: StorageBackend, key: string) => backend.copy(key, `${key}-copy`)],
  ])("refuses to %s a missing key with StoredBytesMissing", async (_verb, act) => {
    const key = `${under()}/missing.png/v1`;
    const refusal = await act(backend, key).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(StoredBytesMissing);
    expect(refusal).toMatchObject({ key });
  });

  it("lists by prefix with sizes, and removes many keys, missing ones too", async () => {
    const prefix = under();
    await backend.write(`${prefix}/one/v1`, Readable.from([Buffer.from("1")]), options);
    await backend.write(`${prefix}/two/v1`, Readable.from([Buffer.from("22")]), options);
    await backend.write(`${prefix}-other/three/v1`, Readable.from([Buffer.from("3")]), options);

    const listed = [];
    for await (const found of backend.list(`${prefix}/`)) listed.push(found);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `${prefix}/one/v1`, size: 1 },
      { key: `${prefix}/two/v1`, size: 2 },
    ]);

    await backend.remove([`${prefix}/one/v1`, `${prefix}/never/v1`, `${prefix}/two/v1`]);
    expect(await keysUnder(backend, `${prefix}/`)).toEqual([]);
    expect(await keysUnder(backend, `${prefix}-other/`)).toEqual([`${prefix}-other/three/v1`]);
    await backend.remove([]);
  });

  it("lists and removes more keys than one request to a store carries", async () => {
    const prefix = under();
    const keys = Array.from({ length: 1003 }, (_, index) => `${prefix}/${index}/v1`);
    for (let first = 0; first < keys.length; first += 16) {
      await Promise.all(
        keys
          .slice(first, first + 16)
          .map((key) => backend.write(key, Readable.from([Buffer.from(key)]), options)),
      );
    }
    expect(await keysUnder(backend, `${prefix}/`)).toEqual([...keys].sort());
    await backend.remove(keys);
    expect(await keysUnder(backend, `${prefix}/`)).toEqual([]);
  }, 120_000);

  it.each([
    ["within its first part", 100 * 1024],
    ["after several parts", 12 * 1024 * 1024],
  ])("leaves nothing when the body fails %s", async (_when, size) => {
    const prefix = under();
    const broken = new Error("the client went away");
    await expect(
      backend.write(`${prefix}/broken/v1`, generated(size, broken), options),
    ).rejects.toThrow(broken.message);
    await expect(backend.head(`${prefix}/broken/v1`)).rejects.toBeInstanceOf(StoredBytesMissing);
    expect(await keysUnder(backend, `${prefix}/`)).toEqual([]);
  });

  it("stops a write on its signal, with the signal's reason, leaving nothing", async () => {
    const prefix = under();
    const controller = new AbortController();
    const body = generated(20 * 1024 * 1024);
    let sent = 0;
    body.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > 6 * 1024 * 1024) controller.abort(new Error("upload cancelled"));
    });
    await expect(
      backend.write(`${prefix}/stopped/v1`, body, { ...options, signal: controller.signal }),
    ).rejects.toThrow("upload cancelled");
    expect(await keysUnder(backend, `${prefix}/`)).toEqual([]);
  });
});
