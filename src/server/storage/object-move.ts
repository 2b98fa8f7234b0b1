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
import {
  commitObjectRow,
  isCleanedBucket,
  isImageOnlyBucket,
  mustFitBucket,
  removeQuietly,
  sizeLimitOf,
} from "./upload.ts";

interface Transfer {
  sourceBucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function transferOf(c: Context<AppEnv>): Promise<Transfer> {
  const body = await jsonBody(c);
  const sourceBucket = requiredString(body, "bucketId");
  const sourceKey = mustBeValidKey(requiredString(body, "sourceKey"));
  const destinationKey = mustBeValidKey(requiredString(body, "destinationKey"));
  const destinationBucket = optionalString(body, "destinationBucket") ?? sourceBucket;
  return { sourceBucket, sourceKey, destinationBucket, destinationKey };
}

/**
 * The destination bucket takes the source as it would take an upload of the same bytes, with
 * the same refusals: only an upload checks a photo, and only an upload cleans one
 * (docs/decisions/0035). Within one bucket, or from a bucket that checks (and cleans) as much
 * as the destination, the bytes have been through what the destination asks.
 */
async function mustBeTakenBy(
  deps: StorageDependencies,
  transfer: Transfer,
  source: ObjectRow,
): Promise<void> {
  const destination = await findBucket(deps.db, transfer.destinationBucket);
  mustFitBucket(
    destination,
    source.metadata.mimetype,
    source.metadata.size,
    sizeLimitOf(destination, deps.fileSizeLimit),
  );
  if (transfer.destinationBucket === transfer.sourceBucket || !isImageOnlyBucket(destination)) {
    return;
  }
  const from = await findBucket(deps.db, transfer.sourceBucket);
  if (!isImageOnlyBucket(from)) {
    throw imageError.uncheckedTransfer(destination.id, isCleanedBucket(destination, deps.images));
  }
  if (isCleanedBucket(destination, deps.images) && !isCleanedBucket(from, deps.images)) {
    throw imageError.uncleanedTransfer(destination.id);
  }
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
    const transfer = await transferOf(c);
    const role = storageRole(c, deps);
    const source = await findObjectAsRole(deps.db, role, transfer.sourceBucket, transfer.sourceKey);
    await mustBeTakenBy(deps, transfer, source);
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
    const transfer = await transferOf(c);
    const upsert = c.req.header("x-upsert") === "true";
    const role = storageRole(c, deps);
    const source = await findObjectAsRole(deps.db, role, transfer.sourceBucket, transfer.sourceKey);
    await mustBeTakenBy(deps, transfer, source);
    const copied = await copyBytes(
      deps,
      source,
      transfer.destinationBucket,
      transfer.destinationKey,
    );
    const id = await commitObjectRow(
      deps,
      { bucketId: transfer.destinationBucket, name: transfer.destinationKey, upsert },
      { role, owner: ownerOf(c.get("claims")) },
      copied.version,
      source.metadata,
      source.user_metadata,
    );
    return c.json({
      Id: id,
      Key: `${transfer.destinationBucket}/${transfer.destinationKey}`,
    });
  };
}
