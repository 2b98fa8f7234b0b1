import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { errorForLog, type Logger } from "../../log.ts";
import { imageFormats, imageMimeTypes, type ImageFormat } from "./inspect.ts";

/** What a render gives the cache to keep. */
export interface Variant {
  bytes: Buffer;
  format: ImageFormat;
}

export interface CachedVariant extends Variant {
  mimeType: string;
  /** A strong validator of these bytes: `"<hex>"`. */
  eTag: string;
  /** Read from the cache, not rendered for this request. */
  hit: boolean;
}

interface Entry {
  format: ImageFormat;
  /** On disk, digest included. */
  size: number;
}

/** A render under way, shared by everyone asking for its variant meanwhile. */
interface Pending {
  promise: Promise<CachedVariant>;
  /** Aborted when every requester has gone. */
  controller: AbortController;
  /** Requesters still waiting; one without a signal waits to the end. */
  waiting: number;
}

/** Who asks for a variant. */
export interface Requester {
  /** Aborts when the requester has gone (its connection closed). */
  signal?: AbortSignal | undefined;
  /**
   * Called when this request would start a render, before it does; may refuse by throwing.
   * Answers what to call when that render ends.
   */
  starting?: (() => () => void) | undefined;
}

const digestLength = 32;
const temporary = "incoming";

/**
 * A variant's name in the cache: the object's version (a new upload is a new version, so a
 * replaced photo is never served from an old render), the normalised transform and the chosen
 * output format.
 */
export function variantKey(objectVersion: string, transform: string, format: string): string {
  return createHash("sha256").update(`${objectVersion}\n${transform}\n${format}`).digest("hex");
}

const eTagOf = (digest: Buffer) => `"${digest.subarray(0, 16).toString("hex")}"`;

/**
 * Rendered variants on disk under one folder, at most `maxBytes` in all: the least recently used
 * go first. A file holds the SHA-256 of its bytes before them, written to a temporary name and
 * renamed into place, so a partial or damaged file is never served: it is rendered again.
 * Identical requests arriving together render once and share the result.
 */
export class VariantCache {
  /** Least recently used first: a Map keeps the order entries were (re)inserted in. */
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Pending>();
  private total = 0;

  private loaded: Promise<void> | undefined;
  readonly directory: string;

  constructor(
    directory: string,
    readonly maxBytes: number,
    private readonly log: Logger,
  ) {
    this.directory = path.resolve(directory);
  }

  /**
   * Opens the folder (made if missing) at first use: forgets unfinished writes, lists what is
   * kept, oldest first, and trims it to the bound.
   */
  load(): Promise<void> {
    this.loaded ??= this.scan();
    return this.loaded;
  }

  private async scan(): Promise<void> {
    await rm(path.join(this.directory, temporary), { recursive: true, force: true });
    await mkdir(path.join(this.directory, temporary), { recursive: true });
    const found: { key: string; entry: Entry; written: number }[] = [];
    for (const shard of await readdir(this.directory)) {
      if (!/^[0-9a-f]{2}$/u.test(shard)) continue;
      for (const name of await readdir(path.join(this.directory, shard))) {
        const match = /^([0-9a-f]{64})\.(\w+)$/u.exec(name);
        const format = match?.[2] as ImageFormat | undefined;
        if (!match?.[1] || !format || !imageFormats.includes(format)) continue;
        const facts = await stat(path.join(this.directory, shard, name));
        found.push({ key: match[1], entry: { format, size: facts.size }, written: facts.mtimeMs });
      }
    }
    found.sort((a, b) => a.written - b.written);
    for (const { key, entry } of found) this.remember(key, entry);
    await this.evict();
  }

  /** Bytes kept on disk. */
  get size(): number {
    return this.total;
  }

  get count(): number {
    return this.entries.size;
  }

  /**
   * The variant under `key`, from disk, or rendered (once, however many ask) and kept. The
   * render's signal aborts when every requester that started or joined it has gone, and a new
   * requester then starts afresh.
   */
  async get(
    key: string,
    render: (signal: AbortSignal) => Promise<Variant>,
    requester: Requester = {},
  ): Promise<CachedVariant> {
    await this.load();
    const kept = await this.read(key);
    if (kept) return kept;
    let pending = this.pending.get(key);
    if (!pending || pending.controller.signal.aborted) {
      const ended = requester.starting?.();
      const controller = new AbortController();
      const started: Pending = {
        promise: this.renderAndKeep(key, () => render(controller.signal)),
        controller,
        waiting: 0,
      };
      const end = () => {
        if (this.pending.get(key) === started) this.pending.delete(key);
        ended?.();
      };
      started.promise.then(end, end);
      this.pending.set(key, started);
      pending = started;
    }
    this.wait(pending, requester.signal);
    return pending.promise;
  }

  private wait(pending: Pending, signal: AbortSignal | undefined): void {
    pending.waiting += 1;
    if (!signal) return;
    const leave = () => {
      pending.waiting -= 1;
      if (pending.waiting === 0) pending.controller.abort();
    };
    if (signal.aborted) leave();
    else {
      signal.addEventListener("abort", leave, { once: true });
      // Once rendered, nothing is left to stop.
      const forget = () => signal.removeEventListener("abort", leave);
      pending.promise.then(forget, forget);
    }
  }

  private fileOf(key: string, format: ImageFormat): string {
    return path.join(this.directory, key.slice(0, 2), `${key}.${format}`);
  }

  private remember(key: string, entry: Entry): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.total += entry.size;
  }

  private forget(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.total -= entry.size;
    return entry;
  }

  private async read(key: string): Promise<CachedVariant | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    let file: Buffer;
    try {
      file = await readFile(this.fileOf(key, entry.format));
    } catch {
      this.forget(key);
      return undefined;
    }
    const digest = file.subarray(0, digestLength);
    const bytes = file.subarray(digestLength);
    if (
      file.length <= digestLength ||
      !createHash("sha256").update(bytes).digest().equals(digest)
    ) {
      this.log.warn("a damaged image variant was dropped from the cache", { key });
      this.forget(key);
      await rm(this.fileOf(key, entry.format), { force: true });
      return undefined;
    }
    this.remember(key, entry);
    const { format } = entry;
    return { bytes, format, mimeType: imageMimeTypes[format], eTag: eTagOf(digest), hit: true };
  }

  private async renderAndKeep(key: string, render: () => Promise<Variant>): Promise<CachedVariant> {
    const { bytes, format } = await render();
    const digest = createHash("sha256").update(bytes).digest();
    const variant = { bytes, format, mimeType: imageMimeTypes[format], eTag: eTagOf(digest) };
    const size = digestLength + bytes.length;
    if (size > this.maxBytes) return { ...variant, hit: false };
    const file = this.fileOf(key, format);
    const incoming = path.join(this.directory, temporary, `${key}.${randomUUID()}`);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(incoming, Buffer.concat([digest, bytes]), { flush: true });
      await rename(incoming, file);
      this.remember(key, { format, size });
      await this.evict();
    } catch (error) {
      // The variant is served all the same; only keeping it failed (a full disk, say).
      this.log.error("keeping an image variant failed", { key, error: errorForLog(error) });
      await rm(incoming, { force: true });
    }
    return { ...variant, hit: false };
  }

  private async evict(): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.forget(key);
      await rm(this.fileOf(key, entry.format), { force: true });
    }
  }
}
