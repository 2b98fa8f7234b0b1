import type { Readable } from "node:stream";

/**
 * Where an object's bytes live. Keys are `<bucket id>/<object name>/<version>`: every upload
 * writes a new version beside the old, the database row is pointed at it, and only then is the
 * old version removed, so no row ever names bytes that are not there (as Supabase Storage does).
 */
export interface StoredBytes {
  /** Bytes as stored, which may differ from what the client declared. */
  size: number;
  /** A quoted strong validator, as S3 gives one: `"<hex>"`. */
  eTag: string;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as HTTP's Range header counts; to the end when undefined. */
  end?: number | undefined;
}

export interface ReadBytes extends StoredBytes {
  body: Readable;
  /** `bytes start-end/size` when a range was asked for and satisfiable. */
  contentRange?: string | undefined;
}

export interface WriteOptions {
  contentType: string;
  cacheControl: string;
  /** Stops the write: the partial bytes are removed and the promise rejects with the reason. */
  signal?: AbortSignal | undefined;
}

export interface StorageBackend {
  readonly kind: "file" | "s3";
  /** Streams `body` to `key`, never holding it whole in memory; a failed write leaves nothing. */
  write(key: string, body: Readable, options: WriteOptions): Promise<StoredBytes>;
  /** Rejects with an ObjectNotFound error when nothing is stored at `key`. */
  read(key: string, range?: ByteRange): Promise<ReadBytes>;
  head(key: string): Promise<StoredBytes>;
  copy(from: string, to: string): Promise<StoredBytes>;
  /** Removes each key; a key with nothing stored is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Every stored key under `prefix` with its size, for backups and checks. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  close(): Promise<void>;
}

/** The bytes' key of an object version; names are checked before they reach a backend. */
export function objectKey(bucketId: string, name: string, version: string): string {
  return `${bucketId}/${name}/${version}`;
}

/** Nothing is stored at the key a backend was asked to read, head or copy. */
export class StoredBytesMissing extends Error {
  override name = "StoredBytesMissing";
  constructor(readonly key: string) {
    super(`nothing is stored at ${key}`);
  }
}

/**
 * A key that cannot be written because a folder it needs is another key's bytes: in the file
 * backend, `<bucket>/a/<version>` is a file, so the object `a/<version>` has nowhere to go.
 */
export class KeyUnavailable extends Error {
  override name = "KeyUnavailable";
  constructor(readonly key: string) {
    super(`another key's bytes stand where ${key} would go`);
  }
}
