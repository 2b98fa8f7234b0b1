import type { Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { objectKey } from "./backend.ts";
import { storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { bulkLimit, jsonBody, stringArray } from "./json-body.ts";
import { storedName } from "./names.ts";
import { queryObjects, type ObjectRow } from "./objects.ts";
import { removeQuietly } from "./upload.ts";

/**
 * DELETE /object/:bucket with `{prefixes}`: the rows the caller's policies let it delete, then
 * their bytes; answers the rows removed, as Supabase does (a name not removed is left out).
 */
export function removeObjects(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const names = stringArray(body, "prefixes", bulkLimit).map(storedName);
    const bucketId = c.req.param("bucket") ?? "";
    const removed = await queryObjects<ObjectRow>(
      deps.db,
      storageRole(c, deps),
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
                 created_at, updated_at, last_accessed_at`,
      [bucketId, names],
    );
    await removeQuietly(
      deps,
      removed.map((row) => objectKey(row.bucket_id, row.name, row.version)),
    );
    return c.json(removed);
  };
}

/** DELETE /object/:bucket/:name: one object, "Object not found" when none was removed. */
export function removeObject(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const bucketId = c.req.param("bucket") ?? "";
    const removed = await queryObjects<ObjectRow>(
      deps.db,
      storageRole(c, deps),
      "delete from storage.objects where bucket_id = $1 and name = $2 returning bucket_id, name, version",
      [bucketId, storedName(c.req.param("name") ?? "")],
    );
    if (removed.length === 0) throw storageError.noSuchKey();
    await removeQuietly(
      deps,
      removed.map((row) => objectKey(row.bucket_id, row.name, row.version)),
    );
    return c.json({ message: "Successfully deleted" });
  };
}
