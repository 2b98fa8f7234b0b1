import { randomUUID } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { Context } from "hono";
import type { RequestRole } from "../db/as-role.ts";
import type { Queryable } from "../db/database.ts";
import { errorForLog } from "../log.ts";
import { inTransaction } from "../rest/transaction.ts";
import { KeyUnavailable, objectKey } from "./backend.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError, storageErrorOf } from "./errors.ts";
import type { ImageWork } from "./images/image-work.ts";
import { imageMimeTypes } from "./images/inspect.ts";
import { mustBeValidKey } from "./names.ts";
import {
  asStorageError,
  findBucket,
  inRoleTransaction,
  type BucketRow,
  type ObjectMetadata,
} from "./objects.ts";

/** An upload as the client sent it: the file's bytes and what it said about them. */
export interface UploadSource {
  body: Readable;
  declaredType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** The body's length when the client said it (a raw body's Content-Length). */
  declaredLength: number | undefined;
}

const formFieldLimit = 64 * 1024;

function parseUserMetadata(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function requestStream(c: Context): Readable {
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
}

/**
 * The file in a multipart form as storage-js sends it (`cacheControl`, `metadata`, then the file
 * in a field of its own), streamed: the promise resolves once the file's part begins.
 */
function readForm(c: Context, contentType: string): Promise<UploadSource> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { files: 1, fields: 16, fieldSize: formFieldLimit },
      });
    } catch {
      reject(storageError.noContent());
      return;
    }
    const fields = new Map<string, string>();
    let found: Readable | undefined;
    parser.on("field", (name, value) => fields.set(name, value));
    parser.on("file", (_name, file, info) => {
      found = file;
      const cacheTime = fields.get("cacheControl");
      resolve({
        body: file,
        declaredType: fields.get("contentType") || info.mimeType,
        cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
        userMetadata: parseUserMetadata(fields.get("metadata") ?? fields.get("userMetadata")),
        declaredLength: undefined,
      });
    });
    parser.on("error", (error: Error) => {
      if (found) found.destroy(error);
      else reject(storageError.noContent());
    });
    parser.on("close", () => {
      if (!found) reject(storageError.noContent());
    });
    const source = requestStream(c);
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
  });
}

function decodeMetadataHeader(header: string | undefined): Record<string, unknown> | undefined {
  if (header === undefined) return undefined;
  return parseUserMetadata(Buffer.from(header, "base64").toString("utf8"));
}

// What a header may carry (visible ASCII, spaces and tabs): a type or cache time stored with
// anything else would fail every read that sends it back as a header.
const headerValue = /^[\t\x20-\x7e]*$/u;

/** The upload, once what it says of itself is something its reads can answer with. */
function mustBeServable(upload: UploadSource): UploadSource {
  if (!headerValue.test(upload.declaredType)) {
    throw storageError.invalidMimeType(upload.declaredType);
  }
  if (!headerValue.test(upload.cacheControl)) {
    throw storageError.invalidRequest("Invalid cacheControl");
  }
  return upload;
}

/** What a request uploads: a multipart form's file, or the raw body itself. */
export async function readUpload(c: Context): Promise<UploadSource> {
  const contentType = c.req.header("content-type") ?? "";
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    return mustBeServable(await readForm(c, contentType));
  }
  const length = c.req.header("content-length");
  return mustBeServable({
    body: requestStream(c),
    declaredType: contentType || "application/octet-stream",
    cacheControl: c.req.header("cache-control") ?? "no-cache",
    userMetadata: decodeMetadataHeader(c.req.header("x-metadata")),
    declaredLength: length === undefined ? undefined : Number(length),
  });
}

/** Supabase Storage's rule: `type/subtype` matches exactly or by `type/*`. */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype] = mimeType.split("/");
  if (type === undefined || subtype === undefined) throw storageError.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split("/");
    if (allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype)) return;
  }
  throw storageError.invalidMimeType(mimeType);
}

/**
 * What a bucket takes, checked before any byte is read: its types, and a size known in advance
 * against `sizeLimit` (an upload's declared length, a copied object's stored size).
 */
export function mustFitBucket(
  bucket: BucketRow,
  mimeType: string,
  size: number | undefined,
  sizeLimit: number,
): void {
  mustBeAllowedMimeType(mimeType, bucket.allowed_mime_types);
  if (size !== undefined && size > sizeLimit) throw storageError.entityTooLarge();
}

/** The smaller of the bucket's limit and FILE_SIZE_LIMIT. */
export function sizeLimitOf(bucket: BucketRow, globalLimit: number): number {
  return bucket.file_size_limit === null
    ? globalLimit
    : Math.min(bucket.file_size_limit, globalLimit);
}

class SizeLimit extends Transform {
  seen = 0;
  exceeded = false;
  constructor(readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.exceeded) {
      done();
      return;
    }
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      done(storageError.entityTooLarge());
      return;
    }
    done(null, chunk);
  }
}

export interface PreparedUpload {
  /** The bytes to store, refused with "The object exceeded the maximum allowed size" past the limit. */
  body: Readable;
  contentType: string;
}

const photoTypes = new Set(Object.values(imageMimeTypes));

/**
 * A bucket that takes the four photo formats alone (as `site-media` does): what is uploaded to
 * it is checked by its bytes (docs/decisions/0035), whether or not it is cleaned.
 */
export function isImageOnlyBucket(bucket: Pick<BucketRow, "allowed_mime_types">): boolean {
  const allowed = bucket.allowed_mime_types;
  return (
    allowed !== null &&
    allowed.length > 0 &&
    allowed.every((type) => photoTypes.has(type.toLowerCase()))
  );
}

/**
 * An image-only bucket whose photos are also re-encoded without their metadata: `site-media`,
 * and those STORAGE_CLEAN_BUCKETS names. Any other bucket stores the bytes it is sent, as
 * Supabase does.
 */
export function isCleanedBucket(
  bucket: Pick<BucketRow, "id" | "allowed_mime_types">,
  images: Pick<ImageWork, "cleans">,
): boolean {
  return isImageOnlyBucket(bucket) && images.cleans(bucket.id);
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Every upload's bytes pass here on their way to the backend (object uploads, updates and
 * signed uploads alike): the bucket's types and the size limits are checked here, and an
 * image-only bucket's photo is read whole (within the bucket's limit) and checked by its bytes,
 * its type then the one its bytes show. A cleaned bucket's photo is then re-encoded without its
 * metadata; any other keeps its bytes exactly as sent.
 */
export async function prepareUpload(
  upload: {
    bucket: BucketRow;
    body: Readable;
    declaredType: string;
    declaredLength: number | undefined;
    sizeLimit: number;
  },
  images: ImageWork,
): Promise<PreparedUpload> {
  mustFitBucket(upload.bucket, upload.declaredType, upload.declaredLength, upload.sizeLimit);
  const limit = new SizeLimit(upload.sizeLimit);
  // The limit may be passed before the backend starts reading: the stream keeps its error, and
  // the backend's write rejects with it.
  limit.on("error", () => {});
  upload.body.on("error", (error) => limit.destroy(error));
  upload.body.pipe(limit);
  if (!isImageOnlyBucket(upload.bucket)) return { body: limit, contentType: upload.declaredType };
  const bytes = await bytesOf(limit);
  if (!images.cleans(upload.bucket.id)) {
    const facts = await images.inspect(bytes);
    return { body: Readable.from([bytes]), contentType: facts.mimeType };
  }
  const clean = await images.sanitise(bytes);
  return { body: Readable.from([clean.bytes]), contentType: clean.mimeType };
}

/** Who writes an object's row, and what else that transaction must do first. */
export interface RowWriter {
  role: RequestRole;
  owner: string | undefined;
  /** Runs in the row's transaction before the write (a signed upload records its token). */
  before?: (tx: Queryable) => Promise<void>;
}

export interface ObjectTarget {
  bucketId: string;
  name: string;
  upsert: boolean;
}

function rowStatement(upsert: boolean): string {
  return `insert into storage.objects
      (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values ($1, $2, $3::uuid, $3::text, $4, $5::jsonb, $6::jsonb)
    ${
      upsert
        ? `on conflict (bucket_id, name) do update set
             owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
             metadata = excluded.metadata, user_metadata = excluded.user_metadata,
             updated_at = now(), last_accessed_at = now()`
        : ""
    }
    returning id`;
}

async function writeRow(
  tx: Queryable,
  target: ObjectTarget,
  writer: RowWriter,
  version: string,
  metadata: ObjectMetadata | Record<string, never>,
  userMetadata: Record<string, unknown> | undefined,
): Promise<{ id: string; previousVersion: string | undefined }> {
  let previousVersion: string | undefined;
  if (target.upsert) {
    const { rows } = await tx.query<{ version: string | null }>(
      "select version from storage.objects where bucket_id = $1 and name = $2 for update",
      [target.bucketId, target.name],
    );
    previousVersion = rows[0]?.version ?? undefined;
  }
  const { rows } = await tx.query<{ id: string }>(rowStatement(target.upsert), [
    target.bucketId,
    target.name,
    writer.owner ?? null,
    version,
    JSON.stringify(metadata),
    userMetadata === undefined ? null : JSON.stringify(userMetadata),
  ]);
  const id = rows[0]?.id;
  if (!id) throw storageError.rowLevelSecurity();
  return { id, previousVersion };
}

/**
 * Stores an upload: the caller's policies are asked first (a write rolled back), so a refused
 * client streams nothing to the backend; then the bytes go to a new version's key, the row is
 * written under the same policies, and only then are the old version's bytes removed. A row
 * that is refused takes its new bytes with it: no row ever names bytes that are not there.
 */
export async function storeUpload(
  deps: StorageDependencies,
  bucketId: string,
  requestedName: string,
  upsert: boolean,
  writer: RowWriter,
  source: () => Promise<UploadSource>,
): Promise<{ id: string; key: string }> {
  const name = mustBeValidKey(requestedName);
  const bucket = await findBucket(deps.db, bucketId);
  const target = { bucketId: bucket.id, name, upsert };
  await asStorageError(() =>
    inTransaction(deps.db, writer.role, { rollback: true }, (tx) =>
      writeRow(tx, target, writer, randomUUID(), {}, undefined),
    ),
  );
  const upload = await source();
  const prepared = await prepareUpload(
    {
      bucket,
      body: upload.body,
      declaredType: upload.declaredType,
      declaredLength: upload.declaredLength,
      sizeLimit: sizeLimitOf(bucket, deps.fileSizeLimit),
    },
    deps.images,
  );
  const version = randomUUID();
  const key = objectKey(bucket.id, name, version);
  let stored;
  try {
    stored = await deps.backend.write(key, prepared.body, {
      contentType: prepared.contentType,
      cacheControl: upload.cacheControl,
    });
  } catch (error) {
    upload.body.resume();
    if (error instanceof KeyUnavailable) throw storageError.invalidKey(name);
    throw storageErrorOf(error) ?? error;
  }
  const metadata: ObjectMetadata = {
    eTag: stored.eTag,
    size: stored.size,
    mimetype: prepared.contentType,
    cacheControl: upload.cacheControl,
    lastModified: stored.lastModified.toISOString(),
    contentLength: stored.size,
    httpStatusCode: 200,
  };
  // Supabase keeps `{}` for an upload that names no metadata: `info()` then reports `{}`.
  const userMetadata = upload.userMetadata ?? {};
  const id = await commitObjectRow(deps, target, writer, version, metadata, userMetadata);
  return { id, key: `${bucket.id}/${name}` };
}

/**
 * The row naming bytes already stored at `version` (an upload's or a copy's), written under
 * the writer's policies: a refused row takes those bytes with it, and the version it replaces
 * loses its bytes only once the row names the new one.
 */
export async function commitObjectRow(
  deps: StorageDependencies,
  target: ObjectTarget,
  writer: RowWriter,
  version: string,
  metadata: ObjectMetadata,
  userMetadata: Record<string, unknown> | null | undefined,
): Promise<string> {
  let written;
  try {
    written = await inRoleTransaction(deps.db, writer.role, async (tx) => {
      await writer.before?.(tx);
      return writeRow(tx, target, writer, version, metadata, userMetadata ?? undefined);
    });
  } catch (error) {
    await deps.backend.remove([objectKey(target.bucketId, target.name, version)]);
    throw error;
  }
  if (written.previousVersion && written.previousVersion !== version) {
    await removeQuietly(deps, [objectKey(target.bucketId, target.name, written.previousVersion)]);
  }
  return written.id;
}

/** Bytes no row names any more: a failure to remove them is logged, not the client's problem. */
export async function removeQuietly(deps: StorageDependencies, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await deps.backend.remove(keys);
  } catch (error) {
    deps.log.warn("stored bytes no row names were not removed", {
      keys: keys.slice(0, 10).join(", "),
      error: errorForLog(error),
    });
  }
}
