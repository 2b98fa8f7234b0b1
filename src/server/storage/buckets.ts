import type { Context, Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { ownerOf, storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { jsonBody, optionalBoolean, optionalString } from "./json-body.ts";
import { mustBeValidBucketName } from "./names.ts";
import { inRoleTransaction, queryObjects } from "./objects.ts";
import { removeQuietly } from "./upload.ts";
import { objectKey } from "./backend.ts";

const bucketColumns = `id, name, owner, public, created_at, updated_at,
  file_size_limit::float8 as file_size_limit, allowed_mime_types`;

// Supabase Storage's units are decimal (src/storage/limits.ts parseFileSizeToBytes): "20MB" is
// 20,000,000 bytes, any case, no space, no TB.
const sizeUnits: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };
const sizePattern = "^[0-9]+(?:\\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$";

/** What Fastify's validator makes of a string for an integer field: "20", " 20 ", "1e3". */
function asInteger(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  if (typeof value !== "string" || value === "") return undefined;
  const number = Number(value);
  return Number.isNaN(number) || number % 1 !== 0 ? undefined : number;
}

/**
 * Supabase's schema for `file_size_limit` (src/http/schemas/file-size-limit.ts): an integer of
 * bytes (at least 0), or text such as "20MB"; what matches neither is refused in the words
 * Fastify's validator gives for each branch of its `anyOf`.
 */
function mustMatchSizeSchema(value: unknown): number | string {
  const integer = asInteger(value);
  if (integer !== undefined && integer >= 0 && Number.isFinite(integer)) return integer;
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text === "string" && new RegExp(sizePattern, "u").test(text)) return text;
  const field = "body/file_size_limit";
  const integerProblem =
    integer === undefined
      ? "must be integer"
      : integer < 0
        ? "must be >= 0"
        : 'must pass "finite" keyword validation';
  const textProblem =
    typeof text === "string" ? `must match pattern "${sizePattern}"` : "must be string";
  throw storageError.invalidBody(
    `${field} ${integerProblem}, ${field} ${textProblem}, ${field} must match a schema in anyOf`,
  );
}

/** "20MB" (already matched against the schema's pattern) in bytes. */
function bytesOfSize(text: string): number {
  const match = /^([0-9.]+)([a-z]+)$/iu.exec(text);
  const unit = sizeUnits[(match?.[2] ?? "").toLowerCase()];
  if (!match?.[1] || unit === undefined) throw storageError.invalidFileSizeLimit();
  return Math.round(Number(Number.parseFloat(match[1]).toPrecision(3)) * unit);
}

/**
 * `file_size_limit` as Supabase reads it: a number of bytes, or text such as "10MB" in decimal
 * units, its number taken to three significant digits (parseFileSizeToBytes); never more than
 * FILE_SIZE_LIMIT. 0 is no limit of the bucket's own.
 */
function fileSizeLimit(
  body: Record<string, unknown>,
  globalLimit: number,
): number | null | undefined {
  const value = body.file_size_limit;
  if (value === undefined) return undefined;
  if (value === null) return null;
  const valid = mustMatchSizeSchema(value);
  const bytes = typeof valid === "number" ? valid : bytesOfSize(valid);
  if (bytes > globalLimit) throw storageError.entityTooLarge();
  return bytes === 0 ? null : bytes;
}

function allowedMimeTypes(body: Record<string, unknown>): string[] | null | undefined {
  const value = body.allowed_mime_types;
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    throw storageError.invalidBody("body/allowed_mime_types must be array");
  }
  const types = (value as string[]).filter((type) => type !== "");
  for (const type of types) {
    if (!/^[\w.+-]+\/([\w.+-]+|\*)$/u.test(type)) throw storageError.invalidMimeType(type);
  }
  return types;
}

/** GET /bucket: the buckets the caller's policies let it see. */
export function listBuckets(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const limit = Number(c.req.query("limit") ?? "NaN");
    const offset = Number(c.req.query("offset") ?? "0");
    const column = c.req.query("sortColumn") ?? "name";
    const order = c.req.query("sortOrder") === "desc" ? "desc" : "asc";
    if (!["id", "name", "created_at", "updated_at"].includes(column)) {
      throw storageError.invalidBody(
        "querystring/sortColumn must be equal to one of the allowed values",
      );
    }
    const search = c.req.query("search");
    const rows = await queryObjects(
      deps.db,
      storageRole(c, deps),
      `select ${bucketColumns}, 'STANDARD' as type from storage.buckets
        where $1::text is null or name ilike '%' || $1 || '%'
        order by ${column} ${order}
        limit $2 offset $3`,
      [
        search ?? null,
        Number.isSafeInteger(limit) && limit > 0 ? limit : null,
        Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
      ],
    );
    return c.json(rows);
  };
}

/** GET /bucket/:bucket */
export function getBucket(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const rows = await queryObjects(
      deps.db,
      storageRole(c, deps),
      `select ${bucketColumns}, 'STANDARD' as type from storage.buckets where id = $1`,
      [c.req.param("bucket")],
    );
    if (!rows[0]) throw storageError.noSuchBucket();
    return c.json(rows[0]);
  };
}

/** POST /bucket: under the caller's policies (the service role's, as a rule). */
export function createBucket(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const name = optionalString(body, "name");
    if (name === undefined) {
      throw storageError.invalidBody("body must have required property 'name'");
    }
    const id = mustBeValidBucketName(optionalString(body, "id") ?? name);
    mustBeValidBucketName(name);
    const limit = fileSizeLimit(body, deps.fileSizeLimit) ?? null;
    const types = allowedMimeTypes(body) ?? null;
    const owner = ownerOf(c.get("claims"));
    await queryObjects(
      deps.db,
      storageRole(c, deps),
      `insert into storage.buckets
         (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3::uuid, $3::text, $4, $5, $6::text[])`,
      [id, name, owner ?? null, optionalBoolean(body, "public") ?? false, limit, types],
    );
    return c.json({ name });
  };
}

/** PUT /bucket/:bucket: only what the body names changes. */
export function updateBucket(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const isPublic = optionalBoolean(body, "public");
    const limit = fileSizeLimit(body, deps.fileSizeLimit);
    const types = allowedMimeTypes(body);
    const rows = await queryObjects(
      deps.db,
      storageRole(c, deps),
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3 then $4 else file_size_limit end,
         allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
         updated_at = now()
       where id = $1
       returning id`,
      [
        c.req.param("bucket"),
        isPublic ?? null,
        limit !== undefined,
        limit ?? null,
        types !== undefined,
        types ?? null,
      ],
    );
    if (!rows[0]) throw storageError.noSuchBucket();
    return c.json({ message: "Successfully updated" });
  };
}

async function bucketVisible(c: Context<AppEnv>, deps: StorageDependencies, id: string) {
  const rows = await queryObjects(
    deps.db,
    storageRole(c, deps),
    "select id from storage.buckets where id = $1",
    [id],
  );
  if (!rows[0]) throw storageError.noSuchBucket();
}

/** POST /bucket/:bucket/empty: every object the caller may delete, then their bytes. */
export function emptyBucket(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const id = c.req.param("bucket") ?? "";
    await bucketVisible(c, deps, id);
    const removed = await queryObjects<{ name: string; version: string }>(
      deps.db,
      storageRole(c, deps),
      "delete from storage.objects where bucket_id = $1 returning name, version",
      [id],
    );
    await removeQuietly(
      deps,
      removed.map((row) => objectKey(id, row.name, row.version)),
    );
    return c.json({ message: "Successfully emptied" });
  };
}

/** DELETE /bucket/:bucket: refused while it holds any object, as Supabase refuses it. */
export function deleteBucket(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const id = c.req.param("bucket") ?? "";
    await bucketVisible(c, deps, id);
    await inRoleTransaction(deps.db, storageRole(c, deps), async (tx) => {
      const { rows: held } = await tx.query(
        "select 1 from storage.objects where bucket_id = $1 limit 1",
        [id],
      );
      if (held.length > 0) throw storageError.bucketNotEmpty();
      try {
        const { rows } = await tx.query("delete from storage.buckets where id = $1 returning id", [
          id,
        ]);
        if (!rows[0]) throw storageError.noSuchBucket();
      } catch (error) {
        if (Reflect.get(error as object, "code") === "23503") throw storageError.bucketNotEmpty();
        throw error;
      }
    });
    return c.json({ message: "Successfully deleted" });
  };
}
