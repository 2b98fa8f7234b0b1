import type { Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { ownerOf, roleOf, storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { mustBeValidKey } from "./names.ts";
import { tokenHash, verifySignedToken } from "./signed-tokens.ts";
import { readUpload, storeUpload } from "./upload.ts";

/** POST /object/:bucket/:name (x-upsert) and PUT (always replaces), under the caller's policies. */
export function uploadObject(deps: StorageDependencies, method: "POST" | "PUT"): Handler<AppEnv> {
  return async (c) => {
    const upsert = method === "PUT" || c.req.header("x-upsert") === "true";
    const stored = await storeUpload(
      deps,
      c.req.param("bucket") ?? "",
      c.req.param("name") ?? "",
      upsert,
      { role: storageRole(c, deps), owner: ownerOf(c.get("claims")) },
      () => readUpload(c),
    );
    return c.json({ Id: stored.id, Key: stored.key });
  };
}

/**
 * PUT /object/upload/sign/:bucket/:name?token=: written as the server (the token is the
 * permission, as Supabase writes it), once: the token's hash is recorded in the row's own
 * transaction, so a second use is refused and a failed upload leaves the token unused.
 */
export function uploadToSignedUrl(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const bucketId = c.req.param("bucket") ?? "";
    const name = mustBeValidKey(c.req.param("name") ?? "");
    const token = c.req.query("token");
    if (!token) throw storageError.invalidBody("querystring must have required property 'token'");
    const claims = await verifySignedToken(deps.secret, token, "upload", bucketId, name);
    const hash = tokenHash(token);
    const role = roleOf(
      { role: "service_role", ...(claims.owner ? { sub: claims.owner } : {}) },
      c.get("clientIp"),
      deps,
    );
    const stored = await storeUpload(
      deps,
      bucketId,
      name,
      claims.upsert === true,
      {
        role,
        owner: claims.owner,
        before: async (tx) => {
          await tx.query(
            "delete from internal.storage_used_upload_tokens where expires_at < now()",
          );
          const { rows } = await tx.query(
            `insert into internal.storage_used_upload_tokens (token_hash, expires_at)
             values ($1, to_timestamp($2)) on conflict do nothing returning token_hash`,
            [hash, claims.exp],
          );
          if (rows.length === 0) throw storageError.usedUploadToken();
        },
      },
      async () => {
        const { rows } = await deps.db.query(
          "select 1 from internal.storage_used_upload_tokens where token_hash = $1",
          [hash],
        );
        if (rows.length > 0) throw storageError.usedUploadToken();
        return readUpload(c);
      },
    );
    return c.json({ Key: stored.key });
  };
}
