import { asRole, queryAsRole, type RequestRole } from "../db/as-role.ts";
import type { Database, Queryable } from "../db/database.ts";
import { storageError, storageErrorOf } from "./errors.ts";

/** What Supabase Storage keeps in `storage.objects.metadata`, and hands back in listings. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface BucketRow {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export const objectColumns =
  "id, bucket_id, name, version, metadata, user_metadata, created_at, updated_at, last_accessed_at";

/** Runs `work`, answering the database's refusals as Supabase Storage words them. */
export async function asStorageError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw storageErrorOf(error) ?? error;
  }
}

/** Under the caller's role: `storage.objects` rows its policies let it read. */
export function queryObjects<Row>(
  db: Database,
  role: RequestRole,
  sql: string,
  params: unknown[],
): Promise<Row[]> {
  return asStorageError(async () => (await queryAsRole<Row>(db, role, sql, params)).rows);
}

export function inRoleTransaction<T>(
  db: Database,
  role: RequestRole,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return asStorageError(() => asRole(db, role, work));
}

/**
 * A bucket as the server itself reads it, past row-level security: what Supabase Storage reads
 * "as superuser" to learn a bucket's limits or whether it is public. Unknown: "Bucket not found".
 */
export async function findBucket(db: Database, id: string): Promise<BucketRow> {
  const { rows } = await db.query<BucketRow>(
    `select id, name, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [id],
  );
  const bucket = rows[0];
  if (!bucket) throw storageError.noSuchBucket();
  return bucket;
}

/** One object as the server itself reads it (a public bucket, a signed URL). */
export async function findObjectAsServer(
  db: Database,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  const { rows } = await db.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  const object = rows[0];
  if (!object) throw storageError.noSuchKey();
  return object;
}

/** One object the caller's policies let it read. */
export async function findObjectAsRole(
  db: Database,
  role: RequestRole,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  const rows = await queryObjects<ObjectRow>(
    db,
    role,
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  const object = rows[0];
  if (!object) throw storageError.noSuchKey();
  return object;
}
