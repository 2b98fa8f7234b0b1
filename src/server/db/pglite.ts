import { lstat, mkdir } from "node:fs/promises";
import { PGlite, type Results } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database.ts";
import { lockDirectory } from "./directory-lock.ts";
import { tightenPermissions } from "./private-directory.ts";
import { queryUnderRole } from "./one-round-trip.ts";
import { pgliteExtensions } from "./pglite-extensions.ts";

type PGliteQueryable = Pick<PGlite, "query" | "exec">;

function wrap(target: PGliteQueryable): Queryable {
  return {
    async query(text, params) {
      const result = await target.query(text, params);
      return { rows: result.rows as never[] };
    },
    async exec(text) {
      await target.exec(text);
    },
  };
}

export function databaseFromPGlite(pglite: PGlite): Database {
  const database: Database = {
    kind: "pglite",
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    queryAs: (settings, text, params) =>
      queryUnderRole(
        database,
        async (statements) => {
          const results: Results[] = await pglite.exec(statements);
          return (results.at(-1)?.rows ?? []) as never[];
        },
        settings,
        text,
        params,
      ),
    listen: async (channel, onNotify) => {
      const stop = await pglite.listen(channel, onNotify);
      return () => stop();
    },
    close: () => pglite.close(),
  };
  return database;
}

// PGlite's file system (Emscripten's) throws `{ name: "ErrnoError", errno }`, not an Error, and
// numbers its errnos as WASI does.
const wasiErrnoCodes: Record<number, string> = {
  2: "EACCES",
  10: "EBUSY",
  20: "EEXIST",
  28: "EINVAL",
  29: "EIO",
  31: "EISDIR",
  32: "ELOOP",
  44: "ENOENT",
  51: "ENOSPC",
  54: "ENOTDIR",
  55: "ENOTEMPTY",
  63: "EPERM",
  69: "EROFS",
};

async function openingError(error: unknown, directory: string): Promise<Error> {
  if (error instanceof Error) return error;
  const errno = (error as { errno?: unknown } | null)?.errno;
  const reason =
    typeof errno === "number"
      ? `${wasiErrnoCodes[errno] ?? "error"} (errno ${errno})`
      : (JSON.stringify(error) ?? String(error));
  const symlink = await lstat(directory).then(
    (stats) => stats.isSymbolicLink(),
    () => false,
  );
  const hint = symlink
    ? `: ${directory} is a symbolic link, which it cannot follow; point DATA_DIR at the real directory`
    : "";
  return new Error(`Could not open the embedded database in ${directory}: ${reason}${hint}`);
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, its files in `directory`.
 * PGlite's `relaxedDurability` stays off: a query resolves only after its writes reached the
 * files, so an answered insert survives the process being killed.
 */
export async function openPGlite(directory: string): Promise<Database> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const lock = await lockDirectory(`${directory}.lock`, `The embedded database in ${directory}`);
  try {
    const pglite = await PGlite.create(directory, {
      relaxedDurability: false,
      extensions: pgliteExtensions,
    });
    const database = databaseFromPGlite(pglite);
    return {
      ...database,
      close: async () => {
        await database.close();
        await tightenPermissions(directory);
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw await openingError(error, directory);
  }
}
