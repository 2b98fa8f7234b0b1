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

async function work(running = 1, waiting = 16): Promise<ImageWork> {
  const cacheDir = await mkdtemp(path.join(tmpdir(), "kalima-image-work-"));
  folders.push(cacheDir);
  return new ImageWork({ cacheDir, cacheMaxBytes: 1024 * 1024, renderPerSecond: 5 }, quiet, {
    running,
    waiting,
  });
}

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
  it("renders WebP for a client that takes it and the source's own format otherwise, each once", async () => {
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
    expect(await images.render(source, { width: 320, format: "origin" }, chrome)).toMatchObject({
      hit: true,
      format: "jpeg",
    });
    expect(source.reads).toBe(2);
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
});
