import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoredBytesMissing } from "./backend.ts";
import { fileBackend } from "./file-backend.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "kalima-file-backend-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const options = { contentType: "text/plain", cacheControl: "no-cache" };

describe("the file backend", () => {
  it("writes, heads, reads (whole and a range), copies, lists and removes", async () => {
    const backend = fileBackend(root);
    const written = await backend.write("b/a/b.txt/v1", Readable.from(["0123456789"]), options);
    expect(written.size).toBe(10);
    expect(written.eTag).toMatch(/^"[0-9a-f]{32}"$/u);
    expect(await backend.head("b/a/b.txt/v1")).toEqual(written);
    expect(await text((await backend.read("b/a/b.txt/v1")).body)).toBe("0123456789");
    const part = await backend.read("b/a/b.txt/v1", { start: 2, end: 4 });
    expect(part.contentRange).toBe("bytes 2-4/10");
    expect(await text(part.body)).toBe("234");
    await backend.copy("b/a/b.txt/v1", "c/copy.txt/v2");
    const listed = [];
    for await (const entry of backend.list("")) listed.push(entry);
    expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: "b/a/b.txt/v1", size: 10 },
      { key: "c/copy.txt/v2", size: 10 },
    ]);
    const underB = [];
    for await (const entry of backend.list("b/")) underB.push(entry.key);
    expect(underB).toEqual(["b/a/b.txt/v1"]);
    await backend.remove(["b/a/b.txt/v1", "b/never/v0"]);
    await expect(backend.head("b/a/b.txt/v1")).rejects.toBeInstanceOf(StoredBytesMissing);
    await expect(backend.read("b/a/b.txt/v1")).rejects.toBeInstanceOf(StoredBytesMissing);
    // The folders the removed file leaves empty go with it.
    expect(await readdir(root)).not.toContain("b");
  });

  it("leaves nothing behind when the stream fails or the write is stopped", async () => {
    const backend = fileBackend(root);
    const failing = new Readable({
      read() {
        this.push("some bytes");
        this.destroy(new Error("the client went away"));
      },
    });
    await expect(backend.write("b/x/v1", failing, options)).rejects.toThrow("the client went away");
    const stop = new AbortController();
    stop.abort(new Error("stopped"));
    await expect(
      backend.write("b/y/v1", Readable.from(["bytes"]), { ...options, signal: stop.signal }),
    ).rejects.toThrow("stopped");
    const left = await readdir(root, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile())).toEqual([]);
  });

  it.each(["../outside/v1", "b/../../outside/v1", "/etc/passwd", ".partial/x"])(
    "refuses the key %s, which would leave its folder",
    async (key) => {
      const backend = fileBackend(root);
      await expect(backend.write(key, Readable.from(["x"]), options)).rejects.toThrow(
        /outside storage/u,
      );
      await expect(backend.read(key)).rejects.toThrow(/outside storage/u);
    },
  );
});
