import type { Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { ownerOf, storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { bulkLimit, jsonBody, stringArray } from "./json-body.ts";
import { mustBeValidKey, storedName } from "./names.ts";
import { asStorageError, findBucket, findObjectAsRole, queryObjects } from "./objects.ts";
import { parseTransformBody, signedTransformations } from "./images/transform.ts";
import { signToken } from "./signed-tokens.ts";
import { inTransaction } from "../rest/transaction.ts";

/** The longest expiry whose exp still fits a signed 32-bit number of seconds, as Supabase bounds it. */
function maxExpiresIn(): number {
  return 2 ** 31 - 1 - Math.floor(Date.now() / 1000);
}

function expiresInOf(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (value === undefined)
    throw storageError.invalidBody("body must have required property 'expiresIn'");
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw storageError.invalidBody("body/expiresIn must be integer");
  }
  if (value < 1) throw storageError.invalidBody("body/expiresIn must be >= 1");
  if (value > maxExpiresIn()) throw storageError.invalidBody("Invalid Parameter expiresIn");
  return value;
}

/**
 * The path of a signed URL, as storage-js appends it to its `/storage/v1` address: a render's
 * when the token carries a transform.
 */
function signedPath(bucketId: string, name: string, token: string, render = false): string {
  return `/${render ? "render/image" : "object"}/sign/${bucketId}/${name}?token=${token}`;
}

/** POST /object/sign/:bucket/:name: for an object the caller's policies let it read. */
export function signUrl(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const expiresIn = expiresInOf(body);
    const transformations = signedTransformations(parseTransformBody(body.transform));
    const bucketId = c.req.param("bucket") ?? "";
    const name = mustBeValidKey(c.req.param("name") ?? "");
    await findObjectAsRole(deps.db, storageRole(c, deps), bucketId, name);
    const token = await signToken(
      deps.secret,
      {
        url: `${bucketId}/${name}`,
        scope: "download",
        transformations: transformations || undefined,
      },
      expiresIn,
    );
    return c.json({ signedURL: signedPath(bucketId, name, token, transformations !== "") });
  };
}

/** POST /object/sign/:bucket with `{paths}`: one answer per path, an error for those not found. */
export function signUrls(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const expiresIn = expiresInOf(body);
    const paths = stringArray(body, "paths", bulkLimit);
    const bucketId = c.req.param("bucket") ?? "";
    const found = await queryObjects<{ name: string }>(
      deps.db,
      storageRole(c, deps),
      "select name from storage.objects where bucket_id = $1 and name = any($2::text[])",
      [bucketId, paths.map(storedName)],
    );
    const names = new Set(found.map((row) => row.name));
    // Each answer names its path as the client wrote it, which storage-js matches by.
    const answers = await Promise.all(
      paths.map(async (path) => {
        const name = storedName(path);
        if (!names.has(name)) {
          return {
            error: "Either the object does not exist or you do not have access to it",
            path,
            signedURL: null,
          };
        }
        const token = await signToken(
          deps.secret,
          { url: `${bucketId}/${name}`, scope: "download" },
          expiresIn,
        );
        return { error: null, path, signedURL: signedPath(bucketId, name, token) };
      }),
    );
    return c.json(answers);
  };
}

const uploadUrlLifetimeSeconds = 2 * 60 * 60;

/**
 * POST /object/upload/sign/:bucket/:name: a token good for one upload within two hours, made
 * only when the caller's policies would let it write the object itself (asked by a write rolled
 * back, as Supabase's canUpload asks).
 */
export function signUploadUrl(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const bucketId = c.req.param("bucket") ?? "";
    const name = mustBeValidKey(c.req.param("name") ?? "");
    const upsert = c.req.header("x-upsert") === "true";
    await findBucket(deps.db, bucketId);
    const owner = ownerOf(c.get("claims"));
    await asStorageError(() =>
      inTransaction(deps.db, storageRole(c, deps), { rollback: true }, async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version)
           values ($1, $2, $3::uuid, $3::text, 'check')
           ${upsert ? "on conflict (bucket_id, name) do update set version = excluded.version" : ""}`,
          [bucketId, name, owner ?? null],
        );
      }),
    );
    const token = await signToken(
      deps.secret,
      { url: `${bucketId}/${name}`, scope: "upload", owner, upsert },
      uploadUrlLifetimeSeconds,
    );
    return c.json({ url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
  };
}
