import type { Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { jsonBody, optionalBoolean, optionalInteger, optionalString } from "./json-body.ts";
import { storedName } from "./names.ts";
import { queryObjects } from "./objects.ts";

const sortColumns = ["name", "updated_at", "created_at", "last_accessed_at"] as const;
type SortColumn = (typeof sortColumns)[number];

function likePrefix(text: string): string {
  return text.replace(/[\\%_]/gu, (character) => `\\${character}`);
}

function sortOf(body: Record<string, unknown>, columns: readonly SortColumn[]) {
  const sortBy = body.sortBy;
  if (sortBy === undefined || sortBy === null)
    return { column: "name" as SortColumn, order: "asc" };
  if (typeof sortBy !== "object" || Array.isArray(sortBy)) {
    throw storageError.invalidBody("body/sortBy must be object");
  }
  const { column = "name", order = "asc" } = sortBy as { column?: unknown; order?: unknown };
  if (!columns.includes(column as SortColumn)) {
    throw storageError.invalidBody("body/sortBy/column must be equal to one of the allowed values");
  }
  if (order !== "asc" && order !== "desc") {
    throw storageError.invalidBody("body/sortBy/order must be equal to one of the allowed values");
  }
  return { column: column as SortColumn, order };
}

/** A folder's path as Supabase lists it: "" for the root, else ending in "/". */
function folderPrefix(prefix: string): string {
  return prefix.length > 0 && !prefix.endsWith("/") ? `${prefix}/` : prefix;
}

/**
 * POST /object/list/:bucket, as Supabase's storage.search answers it: the entries directly under
 * `prefix` whose names start with `search` (any case), folders with a null id and metadata.
 * Sorted by name, folders and files mix; by another column, folders come first.
 */
export function listObjects(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const prefix = folderPrefix(storedName(optionalString(body, "prefix") ?? ""));
    const search = storedName(optionalString(body, "search") ?? "");
    const limit = Math.min(optionalInteger(body, "limit", 1) ?? 100, 1500);
    const offset = optionalInteger(body, "offset", 0) ?? 0;
    const { column, order } = sortOf(body, sortColumns);
    const orderBy =
      column === "name"
        ? `lower(name) collate "C" ${order}`
        : `(id is not null), ${column} ${order}, lower(name) collate "C"`;
    const rows = await queryObjects(
      deps.db,
      storageRole(c, deps),
      `with under as (
         select split_part(substr(name, length($2) + 1), '/', 1) as entry,
                strpos(substr(name, length($2) + 1), '/') > 0 as in_folder,
                id, updated_at, created_at, last_accessed_at, metadata
           from storage.objects
          where bucket_id = $1 and name ilike $3 || '%'
       ), entries as (
         select entry as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at,
                null::jsonb as metadata
           from under where in_folder group by entry
         union all
         select entry, id, updated_at, created_at, last_accessed_at, metadata
           from under where not in_folder
       )
       select * from entries order by ${orderBy} limit $4 offset $5`,
      [c.req.param("bucket"), prefix, likePrefix(prefix + search), limit, offset],
    );
    return c.json(rows);
  };
}

/** A time as the listing writes it into a cursor: PostgreSQL's text of a timestamptz. */
function isSortTime(time: string): boolean {
  if (time === "-infinity") return true;
  const match =
    /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)([+-]\d{2})(?::?\d{2})?$/u.exec(time);
  return match !== null && !Number.isNaN(Date.parse(`${match[1]}T${match[2]}Z`));
}

/** The last key of the page before, and its time when the listing is sorted by one. */
function cursorOf(cursor: string | undefined): { name: string; time: string | null } | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw storageError.invalidBody("Invalid cursor");
  }
  const { name, time } = (parsed ?? {}) as { name?: unknown; time?: unknown };
  if (
    typeof name === "string" &&
    (time === null || (typeof time === "string" && isSortTime(time)))
  ) {
    return { name, time };
  }
  throw storageError.invalidBody("Invalid cursor");
}

interface ListedRow {
  name: string;
  is_folder: boolean;
  id: string | null;
  bucket_id: string;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: unknown;
}

/**
 * POST /object/list-v2/:bucket: keys starting with `prefix` by name, `limit` at a time from
 * `cursor` (opaque: the last key of the page before); with `with_delimiter`, a folder directly
 * under the prefix stands for everything in it (`{key: "<folder>", name: "<prefix><folder>/",
 * id: null, ...}`), and each entry carries its `key`, as Supabase's search_v2 answers.
 */
export function listObjectsV2(deps: StorageDependencies): Handler<AppEnv> {
  return async (c) => {
    const body = await jsonBody(c);
    const prefix = storedName(optionalString(body, "prefix") ?? "");
    const limit = Math.min(optionalInteger(body, "limit", 1) ?? 1000, 1000);
    const cursor = optionalString(body, "cursor");
    const delimited = optionalBoolean(body, "with_delimiter") ?? false;
    const { column, order } = sortOf(body, ["name", "updated_at", "created_at"]);
    const after = cursorOf(cursor);
    const comparison = order === "asc" ? ">" : "<";
    // By a time, a folder's is its first object's creation, as Supabase's search_by_timestamp
    // dates it (by name it has none); the name breaks ties. The time travels in the cursor as
    // PostgreSQL writes it, to the microsecond.
    const sortTime =
      column === "name" ? "null::timestamptz" : `coalesce(${column}, '-infinity'::timestamptz)`;
    const seek =
      column === "name"
        ? `name collate "C" ${comparison} $5`
        : `(sort_at, name collate "C") ${comparison} ($6::timestamptz, $5 collate "C")`;
    const rows = await queryObjects<ListedRow & { sort_time: string | null }>(
      deps.db,
      storageRole(c, deps),
      `with under as (
         select o.*, $4 and strpos(substr(o.name, length($2) + 1), '/') > 0 as is_folder
           from storage.objects o
          where o.bucket_id = $1 and o.name like $3 || '%'
       ), keys as (
         select $2 || split_part(substr(name, length($2) + 1), '/', 1) || '/' as name,
                true as is_folder, null::uuid as id, bucket_id,
                case when $8 then min(created_at) end as updated_at,
                case when $8 then min(created_at) end as created_at,
                null::timestamptz as last_accessed_at, null::jsonb as metadata
           from under where is_folder group by 1, bucket_id
         union all
         select name, false, id, bucket_id, updated_at, created_at, last_accessed_at, metadata
           from under where not is_folder
       ), sorted as (
         select keys.*, ${sortTime} as sort_at from keys
       )
       select name, is_folder, id, bucket_id, updated_at, created_at, last_accessed_at, metadata,
              sort_at::text as sort_time
         from sorted
        where $5::text is null or ${seek}
        order by sort_at ${order}, name collate "C" ${order}
        limit $7`,
      [
        c.req.param("bucket"),
        prefix,
        likePrefix(prefix),
        delimited,
        after?.name ?? null,
        after?.time ?? null,
        limit + 1,
        column !== "name",
      ],
    );
    const page = rows.slice(0, limit);
    const hasNext = rows.length > limit;
    const last = page.at(-1);
    // Supabase's search_v2 names each entry's `key`: its name's part at the prefix's depth.
    const depth = prefix === "" ? 1 : prefix.split("/").length;
    const keyOf = (name: string) => name.split("/")[depth - 1] ?? "";
    return c.json({
      hasNext,
      ...(hasNext && last
        ? {
            nextCursor: Buffer.from(
              JSON.stringify({ name: last.name, time: last.sort_time }),
            ).toString("base64url"),
            nextCursorKey: last.name,
          }
        : {}),
      folders: page
        .filter((row) => row.is_folder)
        .map(({ name, updated_at, created_at }) => ({
          key: keyOf(name),
          name,
          id: null,
          updated_at,
          created_at,
          last_accessed_at: null,
          metadata: null,
        })),
      objects: page
        .filter((row) => !row.is_folder)
        .map((row) => ({
          ...(delimited ? { key: keyOf(row.name) } : {}),
          id: row.id,
          name: row.name,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        })),
    });
  };
}
