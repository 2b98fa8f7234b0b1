import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Logger } from "../../log.ts";
import { VariantCache, variantKey, type Variant } from "./cache.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function folder(): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), "kalima-variants-"));
  folders.push(made);
  return made;
}

function logger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (message: string) => lines.push(message);
  return { lines, info: log, warn: log, error: log };
}

async function opened(directory: string, maxBytes: number, log: Logger): Promise<VariantCache> {
  const cache = new VariantCache(directory, maxBytes, log);
  await cache.load();
  return cache;
}

/** A render that counts its calls and gives `bytes` as a WebP. */
function counting(bytes: Buffer | string) {
  const render = (): Promise<Variant> => {
    render.calls += 1;
    return Promise.resolve({ bytes: Buffer.from(bytes), format: "webp" });
  };
  render.calls = 0;
  return render;
}

async function filesIn(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

const key = (name: string) => variantKey(`site-media/${name}/v1`, "width=640", "webp");

describe("variantKey", () => {
  it("differs with the object's version, the transform and the format", () => {
    const base = variantKey("site-media/a.jpg/v1", "width=640", "webp");
    expect(variantKey("site-media/a.jpg/v2", "width=640", "webp")).not.toBe(base);
    expect(variantKey("site-media/a.jpg/v1", "width=320", "webp")).not.toBe(base);
    expect(variantKey("site-media/a.jpg/v1", "width=640", "origin")).not.toBe(base);
    expect(variantKey("site-media/a.jpg/v1", "width=640", "webp")).toBe(base);
  });
});

describe("VariantCache", () => {
  it("renders a variant once and serves it from disk after, with one ETag", async () => {
    const cache = await opened(await folder(), 1024 * 1024, logger());
    const render = counting("rendered bytes");
    const first = await cache.get(key("a.jpg"), render);
    const second = await cache.get(key("a.jpg"), render);
    expect(render.calls).toBe(1);
    expect(first).toMatchObject({ hit: false, format: "webp", mimeType: "image/webp" });
    expect(second).toMatchObject({
      hit: true,
      format: "webp",
      mimeType: "image/webp",
      eTag: first.eTag,
    });
    expect(second.bytes.toString()).toBe("rendered bytes");
    expect(first.eTag).toMatch(/^"[0-9a-f]{32}"$/u);
  });

  it("renders once for identical requests that arrive together", async () => {
    const cache = await opened(await folder(), 1024 * 1024, logger());
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let calls = 0;
    const render = async (): Promise<Variant> => {
      calls += 1;
      await gate;
      return { bytes: Buffer.from("shared"), format: "webp" };
    };
    const all = Array.from({ length: 10 }, () => cache.get(key("a.jpg"), render));
    finish();
    const variants = await Promise.all(all);
    expect(calls).toBe(1);
    expect(new Set(variants.map((variant) => variant.bytes.toString()))).toEqual(
      new Set(["shared"]),
    );
  });

  it("lets every waiter see a failed render, and tries again on the next request", async () => {
    const cache = await opened(await folder(), 1024 * 1024, logger());
    const failing = async (): Promise<Variant> => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error("the source is broken");
    };
    const results = await Promise.allSettled([
      cache.get(key("a.jpg"), failing),
      cache.get(key("a.jpg"), failing),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect((await cache.get(key("a.jpg"), counting("fine"))).bytes.toString()).toBe("fine");
  });

  it("keeps its size within the bound, dropping the least recently used first", async () => {
    const directory = await folder();
    // Each entry: 32 bytes of digest and 68 of image, 100 on disk; room for three.
    const cache = await opened(directory, 300, logger());
    const bytes = "x".repeat(68);
    for (const name of ["a", "b", "c"]) await cache.get(key(name), counting(bytes));
    expect(cache.size).toBe(300);
    expect((await cache.get(key("a"), counting(bytes))).hit).toBe(true);
    await cache.get(key("d"), counting(bytes));
    expect(cache.size).toBe(300);
    expect(cache.count).toBe(3);
    expect((await cache.get(key("a"), counting(bytes))).hit).toBe(true);
    expect((await cache.get(key("c"), counting(bytes))).hit).toBe(true);
    expect((await cache.get(key("d"), counting(bytes))).hit).toBe(true);
    const dropped = counting(bytes);
    expect((await cache.get(key("b"), dropped)).hit).toBe(false);
    expect(dropped.calls).toBe(1);
    expect(await filesIn(directory)).toHaveLength(3);
  });

  it("keeps nothing larger than its whole bound", async () => {
    const directory = await folder();
    const cache = await opened(directory, 50, logger());
    const variant = await cache.get(key("big"), counting("y".repeat(100)));
    expect(variant).toMatchObject({ hit: false });
    expect(variant.bytes).toHaveLength(100);
    expect(await filesIn(directory)).toEqual([]);
  });

  it.each([
    ["cut short", (file: Buffer) => file.subarray(0, file.length - 10)],
    ["emptied", () => Buffer.alloc(0)],
    [
      "changed",
      (file: Buffer) => Buffer.concat([file.subarray(0, 40), Buffer.from("!"), file.subarray(41)]),
    ],
  ])("never serves a file %s: it renders the variant again", async (_name, damage) => {
    const directory = await folder();
    const log = logger();
    const cache = await opened(directory, 1024 * 1024, log);
    await cache.get(key("a.jpg"), counting("the true variant, long enough to damage"));
    const [name] = await filesIn(directory);
    const file = path.join(directory, key("a.jpg").slice(0, 2), name as string);
    await writeFile(file, damage(await readFile(file)));
    const render = counting("the true variant, long enough to damage");
    const served = await cache.get(key("a.jpg"), render);
    expect(render.calls).toBe(1);
    expect(served).toMatchObject({ hit: false });
    expect(served.bytes.toString()).toBe("the true variant, long enough to damage");
    expect((await cache.get(key("a.jpg"), render)).hit).toBe(true);
  });

  it("finds what it kept after a restart, and forgets writes a crash left unfinished", async () => {
    const directory = await folder();
    const before = await opened(directory, 1024 * 1024, logger());
    await before.get(key("a.jpg"), counting("kept"));
    await writeFile(path.join(directory, "incoming", `${key("b.jpg")}.half`), "half a var");
    const after = await opened(directory, 1024 * 1024, logger());
    expect(after.size).toBe(32 + 4);
    const variant = await after.get(key("a.jpg"), counting("rendered again"));
    expect(variant).toMatchObject({ hit: true });
    expect(variant.bytes.toString()).toBe("kept");
    expect(await filesIn(path.join(directory, "incoming"))).toEqual([]);
  });

  it("shrinks to a smaller bound at a restart", async () => {
    const directory = await folder();
    const before = await opened(directory, 1024, logger());
    for (const [index, name] of ["a", "b", "c"].entries()) {
      await before.get(key(name), counting("z".repeat(68)));
      const written = new Date(Date.UTC(2026, 0, 1, 0, index));
      await utimes(
        path.join(directory, key(name).slice(0, 2), `${key(name)}.webp`),
        written,
        written,
      );
    }
    const after = await opened(directory, 200, logger());
    expect(after.count).toBe(2);
    expect(await filesIn(directory)).toHaveLength(2);
    expect((await after.get(key("c"), counting("new"))).hit).toBe(true);
  });

  it("serves a render it could not keep, and says so", async () => {
    const directory = await folder();
    const log = logger();
    const cache = await opened(directory, 1024 * 1024, log);
    await rm(path.join(directory, "incoming"), { recursive: true });
    const variant = await cache.get(key("a.jpg"), counting("served anyway"));
    expect(variant.bytes.toString()).toBe("served anyway");
    expect(log.lines).toContain("keeping an image variant failed");
    expect(cache.count).toBe(0);
  });
});
