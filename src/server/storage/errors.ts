import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DatabaseUnavailableError, isPostgresError } from "../db/database.ts";
import { ImageError } from "./images/errors.ts";

/** Supabase Storage's error body; storage-js reads `message` and `statusCode`. */
export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

/**
 * An error as Supabase Storage renders it: `statusCode` in the body names the kind, while the
 * HTTP status is 400 for every client error and 500 for the server's own (its `userStatusCode`),
 * except where it sets one on purpose (416 for a range, 403 for a role).
 */
export class StorageError extends Error {
  readonly body: StorageErrorBody;

  constructor(
    statusCode: number,
    code: string,
    error: string,
    message: string,
    readonly status: number = statusCode === 500 ? 500 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.body = { statusCode: String(statusCode), code, error, message };
  }
}

function backendError(statusCode: number, code: string, message: string, error = code) {
  return new StorageError(statusCode, code, error, message);
}

// The catalogue of Supabase Storage's errors this server answers, with its codes and wording
// (supabase/storage src/internal/errors/codes.ts, src/storage/database/errors.ts).
export const storageError = {
  noSuchBucket: () => backendError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => backendError(404, "NoSuchKey", "Object not found", "not_found"),
  /** The row is there and its bytes are not: what Supabase's renderer answers for a missing file. */
  bytesNotFound: () => backendError(404, "NoSuchKey", "The resource was not found", "Not found"),
  bucketNotEmpty: () =>
    backendError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  alreadyExists: () =>
    backendError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  invalidKey: (key: string) => backendError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () =>
    backendError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  entityTooLarge: () =>
    backendError(
      413,
      "EntityTooLarge",
      "The object exceeded the maximum allowed size",
      "Payload too large",
    ),
  invalidMimeType: (mimeType: string) =>
    backendError(
      415,
      "InvalidMimeType",
      `mime type ${mimeType} is not supported`,
      "invalid_mime_type",
    ),
  invalidFileSizeLimit: () =>
    backendError(
      400,
      "InvalidRequest",
      "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
    ),
  /** A bearer token that does not verify: jose's words, as Supabase passes them on. */
  accessDenied: (message: string) => new StorageError(403, "AccessDenied", "Unauthorized", message),
  rowLevelSecurity: () =>
    new StorageError(
      403,
      "AccessDenied",
      "Unauthorized",
      "new row violates row-level security policy",
    ),
  invalidJwt: (message: string) => backendError(400, "InvalidJWT", message || "Invalid JWT"),
  invalidSignature: (message = "Invalid signature") =>
    backendError(400, "InvalidSignature", message),
  expiredSignature: () => backendError(400, "ExpiredToken", "The provided token has expired."),
  /** A signed upload URL used a second time: our server's rule, worded as Supabase words a bad signature. */
  usedUploadToken: () =>
    backendError(400, "InvalidSignature", "The signed upload URL has already been used"),
  invalidRange: () =>
    new StorageError(416, "InvalidRange", "invalid_range", "invalid range provided", 416),
  noContent: () => backendError(400, "InvalidRequest", "No content provided"),
  invalidRequest: (message: string) => backendError(400, "InvalidRequest", message),
  /** Fastify's answer to a body it cannot parse or that fails a route's schema. */
  invalidJsonBody: () =>
    new StorageError(
      400,
      "InvalidRequest",
      "FastifyError",
      "Body is not valid JSON but content-type is set to 'application/json'",
    ),
  invalidBody: (message: string) =>
    new StorageError(400, "InvalidRequest", "FastifyError", message),
  notFound: (method: string, path: string) =>
    new StorageError(404, "NotFound", "Not Found", `Route ${method}:${path} not found`, 404),
  overBudget: (retryAfterSeconds: number) =>
    new StorageError(
      429,
      "SlowDown",
      "too_many_requests",
      "Too many requests from this client",
      429,
      {
        "Retry-After": String(retryAfterSeconds),
      },
    ),
  databaseTimeout: () =>
    new StorageError(
      544,
      "DatabaseTimeout",
      "DatabaseTimeout",
      "The connection to the database timed out",
      544,
    ),
  databaseUnavailable: () =>
    new StorageError(503, "DatabaseError", "DatabaseError", "The database is not available", 503),
  internal: () => backendError(500, "InternalError", "Internal server error"),
};

/** PostgreSQL's refusals as Supabase Storage maps them (DBError.fromDBError), and its data exceptions. */
export function storageErrorOf(error: unknown): StorageError | undefined {
  if (error instanceof StorageError) return error;
  if (error instanceof ImageError) {
    const { statusCode, code, message, status, headers } = error;
    return new StorageError(statusCode, code, error.error, message, status, headers);
  }
  if (error instanceof DatabaseUnavailableError) return storageError.databaseUnavailable();
  if (!isPostgresError(error)) return undefined;
  switch (error.code) {
    case "42501":
      return error.message.includes("row-level security")
        ? storageError.rowLevelSecurity()
        : storageError.accessDenied(error.message);
    case "23505":
      return storageError.alreadyExists();
    case "57014":
      return storageError.databaseTimeout();
    default:
      // A data exception (class 22: a NUL in a name, a number past bigint) is the request's
      // fault; Supabase answers it 500, which tells a client nothing.
      return error.code.startsWith("22") ? storageError.invalidRequest(error.message) : undefined;
  }
}

export function storageErrorResponse(error: StorageError, c: Context): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body, error.status as ContentfulStatusCode);
}
