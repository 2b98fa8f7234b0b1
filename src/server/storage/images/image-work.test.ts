import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { phonePhoto, twoColourImage } from "../../../../tests/support/images.ts";
import type { Logger } from "../../log.ts";
import { ImageWork, type RenderSource } from "./image-work.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

async function work(running = 1, waiting = 16, firstRendersPerClient = 2): Promise<ImageWork> {
  const cacheDir = await mkdtemp(path.join(tmpdir(), "kalima-image-work-"));
  folders.push(cacheDir);
  return new ImageWork(
    {
      cacheDir,
      cacheMaxBytes: 1024 * 1024,
      renderPerSecond: 5,
      firstRendersPerClient,
      cleanBuckets: ["site-media"],
    },
    quiet,
    { running, waiting },
  );
}

/** Takes the only render slot until released. */
function hold(images: ImageWork): { release: () => void; held: Promise<void> } {
  let release = () => {};
  const held = images.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
  return { release: () => release(), held };
}

/** A source whose bytes never finish arriving, and which says when its reading was stopped. */
function endless() {
  const body = new Readable({ read() {} });
  body.push(Buffer.alloc(1024));
  const source: RenderSource & { closed: Promise<void> } = {
    key: "site-media/stories/endless.jpg/v1",
    closed: new Promise((resolve) => body.on("close", resolve)),
    read: () => Promise.resolve({ body, size: 1024 * 1024, eTag: '"e"', lastModified: new Date() }),
  };
  return source;
}

const gone = { status: 499, code: "RequestCancelled" };
const slowDown = { status: 429, code: "SlowDown" };

/** A stored object's version, counting how often its bytes are read. */
function stored(bytes: Buffer, version = "v1") {
  const source: RenderSource & { reads: number } = {
    key: `site-media/stories/layla.jpg/${version}`,
    reads: 0,
    read: () => {
      source.reads += 1;
      return Promise.resolve({
        body: Readable.from([bytes]),
        size: bytes.length,
        eTag: '"e"',
        lastModified: new Date(),
      });
    },
  };
  return source;
}

const chrome = "image/avif,image/webp,image/apng,*/*;q=0.8";

describe("ImageWork", () => {
  it("renders WebP for a client that takes it and a JPEG's own format otherwise, each once", async () => {
    const images = await work();
    const source = stored(await twoColourImage("jpeg", 800, 600));
    const webp = await images.render(source, { width: 320 }, chrome);
    expect(webp).toMatchObject({ format: "webp", mimeType: "image/webp", hit: false });
    expect(await sharp(webp.bytes).metadata()).toMatchObject({
      format: "webp",
      width: 320,
      height: 240,
    });
    const jpeg = await images.render(source, { width: 320 }, "image/jpeg,*/*");
    expect(jpeg).toMatchObject({ format: "jpeg", hit: false });
    expect(await images.render(source, { width: 320, resize: "cover" }, chrome)).toMatchObject({
      hit: true,
      eTag: webp.eTag,
    });
    expect(await images.render(source, { width: 320 }, "image/jpeg,*/*")).toMatchObject({
      hit: true,
      format: "jpeg",
    });
    // Asked for by name, the source's own format is a variant of its own: for a WebP source it
    // differs from what a client without WebP is sent (a JPEG), and the key is made before the
    // source is read.
    expect(await images.render(source, { width: 320, format: "origin" }, chrome)).toMatchObject({
      hit: false,
      format: "jpeg",
    });
    expect(source.reads).toBe(3);
  });

  it("renders a replaced photo afresh: its new version is a new key", async () => {
    const images = await work();
    const before = await images.render(
      stored(await twoColourImage("jpeg", 400, 300)),
      { width: 100 },
      chrome,
    );
    const replaced = stored(await twoColourImage("png", 300, 300), "v2");
    const after = await images.render(replaced, { width: 100 }, chrome);
    expect(replaced.reads).toBe(1);
    expect(after.hit).toBe(false);
    expect(after.eTag).not.toBe(before.eTag);
    expect(await sharp(after.bytes).metadata()).toMatchObject({ width: 100, height: 100 });
  });

  it("renders ten identical first requests once", async () => {
    const images = await work();
    const source = stored(await twoColourImage("jpeg", 800, 600));
    const variants = await Promise.all(
      Array.from({ length: 10 }, () => images.render(source, { width: 200 }, chrome)),
    );
    expect(source.reads).toBe(1);
    expect(new Set(variants.map((variant) => variant.eTag)).size).toBe(1);
  });

  it("cleans uploads in the renders' turn, under the same bound", async () => {
    const images = await work(1, 0);
    const photo = await phonePhoto();
    const other = stored(await twoColourImage("jpeg"));
    let release = () => {};
    const holding = images.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const busy = { status: 429, message: "Too many requests" };
    await expect(images.sanitise(photo)).rejects.toMatchObject(busy);
    await expect(images.render(other, { width: 10 }, chrome)).rejects.toMatchObject(busy);
    release();
    await holding;
    expect(await images.sanitise(photo)).toMatchObject({ format: "jpeg", width: 32, height: 64 });
  });

  it("never starts a queued render whose requester has gone", async () => {
    const images = await work(1, 16);
    const { release, held } = hold(images);
    const source = stored(await twoColourImage("jpeg", 800, 600));
    const leaving = new AbortController();
    const rendering = images.render(source, { width: 64 }, chrome, {
      client: "192.0.2.30",
      signal: leaving.signal,
    });
    await expect.poll(() => images.queue.load).toBe(2);
    leaving.abort();
    await expect(rendering).rejects.toMatchObject(gone);
    expect(images.queue.load).toBe(1);
    expect(images.firstRenders.countOf("192.0.2.30")).toBe(0);
    release();
    await held;
    expect(source.reads).toBe(0);
    expect(images.cache.count).toBe(0);
  });

  it("stops reading a running render's source when its requester goes, and frees the slot", async () => {
    const images = await work(1, 16);
    const source = endless();
    const leaving = new AbortController();
    const rendering = images.render(source, { width: 64 }, chrome, {
      client: "192.0.2.31",
      signal: leaving.signal,
    });
    await expect.poll(() => images.queue.load).toBe(1);
    leaving.abort();
    await expect(rendering).rejects.toMatchObject(gone);
    await source.closed;
    expect(images.queue.load).toBe(0);
  });

  it("renders on for the requesters still waiting when one of them goes", async () => {
    const images = await work(1, 16);
    const { release, held } = hold(images);
    const source = stored(await twoColourImage("jpeg", 800, 600));
    const leaving = new AbortController();
    const first = images.render(source, { width: 64 }, chrome, {
      client: "192.0.2.32",
      signal: leaving.signal,
    });
    const staying = images.render(source, { width: 64 }, chrome, {
      client: "192.0.2.33",
      signal: new AbortController().signal,
    });
    await expect.poll(() => images.queue.load).toBe(2);
    leaving.abort();
    release();
    await held;
    expect(await staying).toMatchObject({ format: "webp", hit: false });
    await expect(first).resolves.toMatchObject({ format: "webp" });
    expect(source.reads).toBe(1);
  });

  it("lets one address have two first renders queued or running, answers a third 429 SlowDown", async () => {
    const images = await work(1, 16, 2);
    const { release, held } = hold(images);
    const sources = await Promise.all(
      [1, 2, 3].map(async (index) =>
        stored(await twoColourImage("jpeg", 200 * index, 150), `v${index}`),
      ),
    );
    const visitor = { client: "192.0.2.34" };
    const queued = [
      images.render(sources[0]!, { width: 64 }, chrome, visitor),
      images.render(sources[1]!, { width: 64 }, chrome, visitor),
    ];
    await expect.poll(() => images.queue.load).toBe(3);
    await expect(images.render(sources[2]!, { width: 64 }, chrome, visitor)).rejects.toMatchObject(
      slowDown,
    );
    // Joining a render under way is no new work; another address has first renders of its own.
    const joined = images.render(sources[0]!, { width: 64 }, chrome, visitor);
    const neighbour = images.render(sources[2]!, { width: 64 }, chrome, { client: "192.0.2.35" });
    await expect.poll(() => images.queue.load).toBe(4);
    release();
    await held;
    await Promise.all([...queued, joined, neighbour]);
    expect(images.firstRenders.countOf("192.0.2.34")).toBe(0);
    // Rendered, a size is read from the cache, which is not counted; a new one may start again.
    for (let again = 0; again < 3; again += 1) {
      expect(await images.render(sources[0]!, { width: 64 }, chrome, visitor)).toMatchObject({
        hit: true,
      });
    }
    expect(await images.render(sources[2]!, { width: 32 }, chrome, visitor)).toMatchObject({
      hit: false,
    });
  });
});
