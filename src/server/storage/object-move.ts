import { randomUUID } from "node:crypto";
import type { Context, Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { KeyUnavailable, objectKey, StoredBytesMissing } from "./backend.ts";
import { ownerOf, storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { imageError } from "./images/errors.ts";
import { jsonBody, optionalString, requiredString } from "./json-body.ts";
import { mustBeValidKey } from "./names.ts";
import {
  findBucket,
  findObjectAsRole,
  inRoleTransaction,
  objectColumns,
  type ObjectRow,
} from "./objects.ts";
import { isImageOnlyBucket, removeQuietly } from "./upload.ts";

interface Transfer {
  sourceBucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function transferOf(c: Context<AppEnv>, deps: StorageDependencies): Promise<Transfer> {
  const body = await jsonBody(c);
  const sourceBucket = requiredString(body, "bucketId");
  const sourceKey = mustBeValidKey(requiredString(body, "sourceKey"));
  const destinationKey = mustBeValidKey(requiredString(body, "destinationKey"));
  const destinationBucket = optionalString(body, "destinationBucket") ?? sourceBucket;
  if (destinationBucket !== sourceBucket) {
    const destination = await findBucket(deps.db, destinationBucket);
    // Only an upload checks and cleans a photo (docs/decisions/0035).
    if (
      isImageOnlyBucket(destination) &&
      !isImageOnlyBucket(await findBucket(deps.db, sourceBucket))
    ) {
      throw imageError.uncheckedTransfer(destinationBucket);
    }
  }
  return { sourceBucket, sourceKey, destinationBucket, destinationKey };
}

/** The source's bytes copied to the destination's new version key, before any row changes. */
async function copyBytes(
  deps: StorageDependencies,
  source: ObjectRow,
  destinationBucket: string,
  destinationKey: string,
): Promise<{ version: string; key: string }> {
  const version = randomUUID();
  const key = objectKey(destinationBucket, destinationKey, version);
  try {
    await deps.backend.copy(objectKey(source.bucket_id, source.name, source.version), key);
  } catch (error) {
    if (error instanceof StoredBytesMissing) throw storageError.noSuchKey();
    if (error instanceof KeyUnavailable) throw storageError.invalidKey(destinationKey);
    throw error;
  }
  return { version, key };
}

/**
 * POST /object/move: the row is moved under the caller's policies (it must read the source,
 * update it, and its new place must pass the policies too); the bytes are copied to the new key
 * first and the old ones removed after.
 */
export function moveObject(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const transfer = await transferOf(c, deps);
    const role = storageRole(c, deps);
    const source = await findObjectAsRole(deps.db, role, transfer.sourceBucket, transfer.sourceKey);
    const copied = await copyBytes(
      deps,
      source,
      transfer.destinationBucket,
      transfer.destinationKey,
    );
    let moved;
    try {
      moved = await inRoleTransaction(deps.db, role, async (tx) => {
        const { rows } = await tx.query<ObjectRow>(
          `update storage.objects
              set bucket_id = $3, name = $4, version = $5, updated_at = now()
            where bucket_id = $1 and name = $2 and version = $6
            returning ${objectColumns}`,
          [
            transfer.sourceBucket,
            transfer.sourceKey,
            transfer.destinationBucket,
            transfer.destinationKey,
            copied.version,
            source.version,
          ],
        );
        if (!rows[0]) throw storageError.noSuchKey();
        return rows[0];
      });
    } catch (error) {
      await deps.backend.remove([copied.key]);
      throw error;
    }
    await removeQuietly(deps, [objectKey(source.bucket_id, source.name, source.version)]);
    return c.json({ message: "Successfully moved", Id: moved.id, Key: moved.name });
  };
}

/** POST /object/copy: a new row for the destination, as an upload of the same bytes would be. */
export function copyObject(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const transfer = await transferOf(c, deps);
    const upsert = c.req.header("x-upsert") === "true";
    const role = storageRole(c, deps);
    const source = await findObjectAsRole(deps.db, role, transfer.sourceBucket, transfer.sourceKey);
    const copied = await copyBytes(
      deps,
      source,
      transfer.destinationBucket,
      transfer.destinationKey,
    );
    const owner = ownerOf(c.get("claims"));
    let written;
    try {
      written = await inRoleTransaction(deps.db, role, async (tx) => {
        const previous = upsert
          ? await tx.query<{ version: string }>(
              "select version from storage.objects where bucket_id = $1 and name = $2 for update",
              [transfer.destinationBucket, transfer.destinationKey],
            )
          : { rows: [] };
        const { rows } = await tx.query<{ id: string }>(
          `insert into storage.objects
             (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3::uuid, $3::text, $4, $5::jsonb, $6::jsonb)
           ${
             upsert
               ? `on conflict (bucket_id, name) do update set
                    owner = excluded.owner, owner_id = excluded.owner_id,
                    version = excluded.version, metadata = excluded.metadata,
                    user_metadata = excluded.user_metadata, updated_at = now()`
               : ""
           }
           returning id`,
          [
            transfer.destinationBucket,
            transfer.destinationKey,
            owner ?? null,
            copied.version,
            JSON.stringify(source.metadata),
            source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
          ],
        );
        return { id: rows[0]?.id ?? "", previous: previous.rows[0]?.version };
      });
    } catch (error) {
      await deps.backend.remove([copied.key]);
      throw error;
    }
    if (written.previous) {
      await removeQuietly(deps, [
        objectKey(transfer.destinationBucket, transfer.destinationKey, written.previous),
      ]);
    }
    return c.json({
      Id: written.id,
      Key: `${transfer.destinationBucket}/${transfer.destinationKey}`,
    });
  };
}
