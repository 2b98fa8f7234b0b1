import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type Stats } from "node:fs";
import { copyFile, mkdir, opendir, rename, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  KeyUnavailable,
  StoredBytesMissing,
  type ByteRange,
  type ReadBytes,
  type StorageBackend,
  type StoredBytes,
} from "./backend.ts";

const temporaryFolder = ".partial";

function isMissing(error: unknown): boolean {
  const code: unknown = error instanceof Error ? Reflect.get(error, "code") : undefined;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * A version's bytes never change once written (each upload writes a new key), so the file's
 * identity, size and time make a strong validator without reading it again.
 */
function storedBytes(stats: Stats): StoredBytes {
  const identity = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  return {
    size: stats.size,
    eTag: `"${createHash("md5").update(identity).digest("hex")}"`,
    lastModified: stats.mtime,
  };
}

/** Objects' bytes as files under `root`, one file per version, at the path its key names. */
export function fileBackend(root: string): StorageBackend {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    const resolved = path.resolve(base, key);
    const inside = resolved.startsWith(base + path.sep);
    const first = path.relative(base, resolved).split(path.sep)[0];
    if (!inside || first === temporaryFolder) throw new Error(`key outside storage: ${key}`);
    return resolved;
  }

  async function statOf(key: string): Promise<Stats> {
    try {
      const stats = await stat(pathOf(key));
      if (!stats.isFile()) throw new StoredBytesMissing(key);
      return stats;
    } catch (error) {
      if (isMissing(error)) throw new StoredBytesMissing(key);
      throw error;
    }
  }

  /** The folder `key` goes in; a file standing where one of its folders would be is no folder. */
  async function folderFor(key: string, target: string): Promise<void> {
    try {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    } catch (error) {
      const code: unknown = Reflect.get(error as object, "code");
      if (code === "EEXIST" || code === "ENOTDIR") throw new KeyUnavailable(key);
      throw error;
    }
  }

  async function removeEmptyFolders(file: string): Promise<void> {
    for (let folder = path.dirname(file); folder.startsWith(base + path.sep);) {
      try {
        await rmdir(folder);
      } catch {
        return;
      }
      folder = path.dirname(folder);
    }
  }

  async function* walk(folder: string): AsyncGenerator<{ key: string; size: number }> {
    let entries;
    try {
      entries = await opendir(folder);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (folder === base && entry.name === temporaryFolder) continue;
        yield* walk(full);
      } else if (entry.isFile()) {
        const { size } = await stat(full);
        yield { key: path.relative(base, full).split(path.sep).join("/"), size };
      }
    }
  }

  return {
    kind: "file",

    async write(key, body: Readable, options) {
      const target = pathOf(key);
      const partial = path.join(base, temporaryFolder, randomUUID());
      await mkdir(path.dirname(partial), { recursive: true, mode: 0o700 });
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o600 }), {
          signal: options.signal,
        });
        await folderFor(key, target);
        await rename(partial, target);
      } catch (error) {
        await unlink(partial).catch(() => {});
        throw options.signal?.aborted ? (options.signal.reason ?? error) : error;
      }
      return storedBytes(await stat(target));
    },

    async read(key, range?: ByteRange): Promise<ReadBytes> {
      const stats = await statOf(key);
      const bytes = storedBytes(stats);
      if (!range) return { ...bytes, body: createReadStream(pathOf(key)) };
      const end = Math.min(range.end ?? stats.size - 1, stats.size - 1);
      return {
        ...bytes,
        body: createReadStream(pathOf(key), { start: range.start, end }),
        contentRange: `bytes ${range.start}-${end}/${stats.size}`,
      };
    },

    async head(key) {
      return storedBytes(await statOf(key));
    },

    async copy(from, to) {
      await statOf(from);
      const target = pathOf(to);
      const partial = path.join(base, temporaryFolder, randomUUID());
      await mkdir(path.dirname(partial), { recursive: true, mode: 0o700 });
      try {
        await copyFile(pathOf(from), partial);
        await folderFor(to, target);
        await rename(partial, target);
      } catch (error) {
        await unlink(partial).catch(() => {});
        if (isMissing(error)) throw new StoredBytesMissing(from);
        throw error;
      }
      return storedBytes(await stat(target));
    },

    async remove(keys) {
      for (const key of keys) {
        const file = pathOf(key);
        try {
          await unlink(file);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
        await removeEmptyFolders(file);
      }
    },

    async *list(prefix) {
      const folder = prefix.slice(0, prefix.lastIndexOf("/") + 1).replace(/\/+$/u, "");
      for await (const entry of walk(folder === "" ? base : pathOf(folder))) {
        if (entry.key.startsWith(prefix)) yield entry;
      }
    },

    async close() {},
  };
}
