import { Readable } from "node:stream";
import type { Context } from "hono";
import type { RequestRole } from "../db/as-role.ts";
import { objectKey, StoredBytesMissing, type ByteRange, type ReadBytes } from "./backend.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { mustBeValidKey } from "./names.ts";
import { findBucket, findObjectAsRole, findObjectAsServer, type ObjectRow } from "./objects.ts";
import { verifySignedToken } from "./signed-tokens.ts";

/**
 * How a read is let through: the caller's policies (`/object/authenticated/...`), the bucket
 * being public (`/object/public/...`), or a signed URL's token (`/object/sign/...`).
 */
export type ReadAccess =
  { kind: "policies"; role: RequestRole } | { kind: "public" } | { kind: "signed"; token: string };

export interface FoundObject {
  object: ObjectRow;
  /** When the read's permission ends: a signed URL's expiry. */
  expires?: Date | undefined;
  /** A signed render's transform, from its token. */
  transformations?: string | undefined;
}

/**
 * Finds the object a read may see, by one of the three rules; the image routes find theirs here
 * too, before reading the bytes.
 */
export async function findReadableObject(
  deps: StorageDependencies,
  access: ReadAccess,
  bucketId: string,
  requestedName: string,
): Promise<FoundObject> {
  const name = mustBeValidKey(requestedName);
  switch (access.kind) {
    case "policies":
      return { object: await findObjectAsRole(deps.db, access.role, bucketId, name) };
    case "public": {
      const bucket = await findBucket(deps.db, bucketId);
      if (!bucket.public) throw storageError.noSuchBucket();
      return { object: await findObjectAsServer(deps.db, bucketId, name) };
    }
    case "signed": {
      const claims = await verifySignedToken(deps.secret, access.token, "download", bucketId, name);
      return {
        object: await findObjectAsServer(deps.db, bucketId, name),
        expires: new Date(claims.exp * 1000),
        transformations: claims.transformations,
      };
    }
  }
}

/** An object's bytes (or some of them); missing bytes answer as Supabase's renderer does. */
export async function readObjectBytes(
  deps: StorageDependencies,
  object: ObjectRow,
  range?: ByteRange,
): Promise<ReadBytes> {
  try {
    return await deps.backend.read(objectKey(object.bucket_id, object.name, object.version), range);
  } catch (error) {
    if (error instanceof StoredBytesMissing) throw storageError.bytesNotFound();
    throw error;
  }
}

/** Supabase Storage's reading of Range (src/storage/range.ts): one range, else 416. */
export function parseRange(header: string, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/u.exec(header);
  if (!match || size <= 0) throw storageError.invalidRange();
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") throw storageError.invalidRange();
  if (startText === "") {
    const suffix = Number(endText);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw storageError.invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === "" ? size - 1 : Number(endText);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) {
    throw storageError.invalidRange();
  }
  return { start, end: Math.min(end, size - 1) };
}

/** Content-Disposition for `?download` (named or not), as Supabase's renderer writes it. */
export function contentDisposition(download: string | undefined): string | undefined {
  if (download === undefined) return undefined;
  if (download === "") return "attachment;";
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

/** What every answer of an object's bytes or of its render carries. */
export const storedFileHeaders = {
  "X-Robots-Tag": "none",
  // Objects are served from the site's own origin (hosted Storage has one of its own): an
  // uploaded page or SVG opens sandboxed, in no origin, with no script and no sessions.
  "Content-Security-Policy":
    "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
};

/**
 * Answers a found object as Supabase's asset renderer does: its type, length, ETag and
 * Cache-Control (a signed URL's Expires instead), 304 for a matching If-None-Match, 206 for a
 * Range, and Content-Disposition when `download` is asked for.
 */
export async function serveObject(
  c: Context,
  deps: StorageDependencies,
  found: FoundObject,
  options: { head?: boolean } = {},
): Promise<Response> {
  const { object } = found;
  const metadata = object.metadata;
  const headers: Record<string, string> = {
    ...storedFileHeaders,
    "Accept-Ranges": "bytes",
    "Content-Type": metadata.mimetype,
    ETag: metadata.eTag,
    "Last-Modified": new Date(metadata.lastModified).toUTCString(),
  };
  if (found.expires) headers.Expires = found.expires.toUTCString();
  else if (metadata.cacheControl) headers["Cache-Control"] = metadata.cacheControl;
  const disposition = contentDisposition(c.req.query("download"));
  if (disposition) headers["Content-Disposition"] = disposition;
  // Through the context, so the headers set before the handler (CORS, security) are kept.
  if (c.req.header("if-none-match") === metadata.eTag) return c.body(null, 304, headers);
  const rangeHeader = c.req.header("range");
  const range = rangeHeader ? parseRange(rangeHeader, metadata.size) : undefined;
  if (options.head) {
    headers["Content-Length"] = String(metadata.size);
    return c.body(null, 200, headers);
  }
  const bytes = await readObjectBytes(deps, object, range);
  const length = range ? (range.end ?? bytes.size - 1) - range.start + 1 : bytes.size;
  headers["Content-Length"] = String(length);
  if (bytes.contentRange) headers["Content-Range"] = bytes.contentRange;
  const body = Readable.toWeb(bytes.body) as unknown as ReadableStream<Uint8Array>;
  return c.body(body, range ? 206 : 200, headers);
}
