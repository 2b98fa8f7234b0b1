import { randomUUID } from "node:crypto";
import { cp, lstat, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite, type Results } from "@electric-sql/pglite";
import { errorForLog, silentLogger, type Logger } from "../log.ts";
import {
  DatabaseUnavailableError,
  statementTimeoutError,
  statementTimeoutMs,
  type Copying,
  type Database,
  type EmbeddedDatabase,
  type Keeping,
  type Queryable,
} from "./database.ts";
import { lockDirectory } from "./directory-lock.ts";
import { FairQueue } from "./fair-queue.ts";
import { tightenPermissions } from "./private-directory.ts";
import { queryUnderRole, settingsStatement } from "./one-round-trip.ts";
import { currentTicket } from "./turn.ts";

type PGliteQueryable = Pick<PGlite, "query" | "exec">;

function wrap(target: PGliteQueryable): Queryable {
  return {
    async query(text, params) {
      const result = await target.query(text, params);
      return { rows: result.rows as never[], rowCount: result.affectedRows };
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
    queryAs: (settings, text, params, keep) =>
      queryUnderRole(
        database,
        async (statements) => {
          const last: Results | undefined = (await pglite.exec(statements)).at(-1);
          return { rows: (last?.rows ?? []) as never[], rowCount: last?.affectedRows };
        },
        settings,
        text,
        params,
        keep,
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

interface ThreadOptions {
  /** The database's files. */
  directory: string;
  /** A tar of a database's files (PGlite's dumpDataDir) written into an empty `directory` when
   * the thread first opens it: for tests. */
  template?: string;
}

type Answer =
  | { type: "ready" }
  | { type: "failed"; error: Record<string, unknown> }
  | { type: "notify"; channel: string; payload: string }
  | {
      type: "answer";
      id: number;
      rows?: unknown[];
      affectedRows?: number;
      error?: Record<string, unknown>;
    };

/** What the thread answers a request with: its rows, and how many it wrote. */
interface Outcome {
  rows: unknown[];
  rowCount: number | undefined;
}

type Request =
  | { op: "query"; text: string; params: unknown[] }
  | { op: "exec"; text: string }
  | { op: "listen" | "unlisten"; channel: string }
  | { op: "close" }
  | { op: "copyOut"; select: string }
  | { op: "copyIn"; target: string; data: string }
  | {
      op: "kept";
      settings: { text: string; values: string[] };
      text: string;
      params: unknown[];
      keep: Keeping;
    }
  | { op: "backupStart" }
  | { op: "backupStop"; into?: string; firstSegment?: string };

function revive(fields: Record<string, unknown>): unknown {
  if ("thrown" in fields) return fields.thrown;
  return Object.assign(new Error(String(fields.message)), fields);
}

interface Thread {
  worker: Worker;
  /** Set once the database is open on it. */
  ready: boolean;
  /** Set when this side ends the thread; any other exit is a crash. */
  ending: boolean;
  pending: Map<number, { resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }>;
}

/** The wait before opening a stopped database again; it doubles after each failure, to the cap. */
export const reopenDelayMs = { first: 100, cap: 5000 } as const;

/**
 * PGlite on a worker thread of its own (docs/decisions/0021). Requests go one at a time, a
 * transaction's statements together, as on PGlite's single connection. PGlite cannot cancel a
 * running statement (WebAssembly has no timer signal), so a statement that passes its
 * statement_timeout is stopped by ending the thread, answered 57014, and the database reopened
 * from its files, as after a crash: what was committed stays, the statement's transaction is
 * undone. When it cannot be reopened, every request is refused at once as unavailable (503)
 * while it is tried again, with a growing wait, for as long as the server runs.
 */
export async function openPGliteThread(
  options: ThreadOptions,
  log: Logger = silentLogger,
): Promise<EmbeddedDatabase> {
  const listeners = new Map<string, (payload: string) => void>();
  let nextId = 0;
  const queue = new FairQueue();
  let closed = false;

  let firstStart = true;
  const start = () =>
    new Promise<Thread>((resolve, reject) => {
      const workerData = firstStart ? options : { directory: options.directory };
      firstStart = false;
      const worker = new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData });
      const thread: Thread = { worker, ready: false, ending: false, pending: new Map() };
      const failAll = (cause: unknown) => {
        const gone = new DatabaseUnavailableError("The embedded database's thread stopped", {
          cause,
        });
        for (const waiting of thread.pending.values()) waiting.reject(gone);
        thread.pending.clear();
      };
      worker.on("message", (answer: Answer) => {
        if (answer.type === "ready") {
          thread.ready = true;
          resolve(thread);
        } else if (answer.type === "failed") reject(revive(answer.error));
        else if (answer.type === "notify") listeners.get(answer.channel)?.(answer.payload);
        else {
          const waiting = thread.pending.get(answer.id);
          thread.pending.delete(answer.id);
          if (answer.error) waiting?.reject(revive(answer.error));
          else waiting?.resolve({ rows: answer.rows ?? [], rowCount: answer.affectedRows });
        }
      });
      worker.on("error", (error) => {
        reject(error);
        failAll(error);
      });
      worker.on("exit", (code) => {
        reject(new Error(`The embedded database's thread stopped while opening (exit ${code})`));
        failAll(new Error(`exit ${code}`));
        if (thread.ready && !thread.ending && !closed) {
          void restart("the embedded database's thread stopped").catch(() => {});
        }
      });
    });

  /** The open thread; while the database cannot be reopened, rejected with the reason. */
  let current: Promise<Thread> = start();
  await current;
  /** An attempt to reopen after a failed one, awaited by close(). */
  let retrying: Promise<unknown> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  /** A new thread on the same files, listening where the last one did. */
  async function reopenOnce(): Promise<Thread> {
    const thread = await start();
    try {
      for (const channel of listeners.keys()) {
        await send(thread, { op: "listen", channel }, 0);
      }
      return thread;
    } catch (error) {
      thread.ending = true;
      await thread.worker.terminate();
      throw error;
    }
  }

  async function unavailable(error: unknown): Promise<DatabaseUnavailableError> {
    const cause = await openingError(error, options.directory);
    return new DatabaseUnavailableError(`The embedded database is unavailable: ${cause.message}`, {
      cause,
    });
  }

  function reopened(thread: Thread, reason: string, stoppedAt: number, attempts: number): void {
    log.warn(`${reason}: the embedded database was reopened`, {
      ms: Math.round(performance.now() - stoppedAt),
      ...(attempts > 1 ? { attempts } : {}),
    });
    current = Promise.resolve(thread);
    // A notification may have been sent while no thread listened.
    for (const onNotify of listeners.values()) onNotify("");
  }

  function failedToReopen(error: DatabaseUnavailableError, delayMs: number, attempts: number) {
    log.error("the embedded database could not be reopened: requests answer 503 until it is", {
      error: errorForLog(error.cause),
      attempts,
      retry_ms: delayMs,
    });
  }

  /** Tries again after `delayMs`, and again with twice the wait (up to the cap) until it opens. */
  function retryAfter(delayMs: number, reason: string, stoppedAt: number, attempts: number): void {
    retryTimer = setTimeout(() => {
      retrying = reopenOnce().then(
        (thread) => {
          if (closed) {
            thread.ending = true;
            return thread.worker.terminate();
          }
          reopened(thread, reason, stoppedAt, attempts + 1);
        },
        async (error: unknown) => {
          if (closed) return;
          const next = Math.min(delayMs * 2, reopenDelayMs.cap);
          failedToReopen(await unavailable(error), next, attempts + 1);
          retryAfter(next, reason, stoppedAt, attempts + 1);
        },
      );
    }, delayMs);
  }

  /** The database opened again after its thread stopped; while it cannot be, refused at once. */
  async function reopen(reason: string, stoppedAt: number): Promise<Thread> {
    try {
      const thread = await reopenOnce();
      reopened(thread, reason, stoppedAt, 1);
      return thread;
    } catch (error) {
      const refusal = await unavailable(error);
      if (!closed) {
        failedToReopen(refusal, reopenDelayMs.first, 1);
        retryAfter(reopenDelayMs.first, reason, stoppedAt, 1);
      }
      throw refusal;
    }
  }

  async function restart(reason: string): Promise<void> {
    const stoppedAt = performance.now();
    const old = await current;
    old.ending = true;
    current = old.worker.terminate().then(() => reopen(reason, stoppedAt));
    // Requests that find it down are refused by `run`; nothing else awaits a failed reopening.
    current.catch(() => {});
    await current;
  }

  function send(thread: Thread, request: Request, timeoutMs: number): Promise<Outcome> {
    const id = (nextId += 1);
    return new Promise<Outcome>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      thread.pending.set(id, {
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      if (timeoutMs > 0) {
        timer = setTimeout(() => {
          thread.pending.delete(id);
          // Answered once the thread is replaced, or found not to open: the statement was
          // cancelled either way, and the next request finds out which.
          void restart("a statement passed its bound")
            .catch(() => {})
            .then(() => reject(statementTimeoutError()));
        }, timeoutMs);
      }
      thread.worker.postMessage({ id, ...request });
    });
  }

  /**
   * Runs `work` alone on the connection when its turn comes: the fair queue's, so that no
   * caller's statements hold up a visitor's behind them.
   */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    return queue.run(currentTicket(), work);
  }

  const run = async (request: Request, timeoutMs = 0) => {
    if (closed) throw new Error("The embedded database is closed");
    return send(await current, request, timeoutMs);
  };
  const queryable = (timeoutMs: number): Queryable & Copying => ({
    query: async (text, params = []) => {
      const { rows, rowCount } = await run({ op: "query", text, params }, timeoutMs);
      return { rows: rows as never[], rowCount };
    },
    exec: async (text) => {
      await run({ op: "exec", text }, timeoutMs);
    },
    copyOut: async (select) => String((await run({ op: "copyOut", select }, timeoutMs)).rows[0]),
    copyIn: async (target, data) => {
      await run({ op: "copyIn", target, data }, timeoutMs);
    },
  });
  const untimed = queryable(0);

  const database: EmbeddedDatabase = {
    kind: "pglite",
    query: (text, params) => inTurn(() => untimed.query(text, params)),
    exec: (text) => inTurn(() => untimed.exec(text)),
    copyOut: (select) => inTurn(() => untimed.copyOut(select)),
    copyIn: (target, data) => inTurn(() => untimed.copyIn(target, data)),
    // Visitors wait only for the backup's start (a checkpoint) and its end (the WAL written
    // meanwhile); the files are copied between the two while the database serves.
    snapshot: async () => {
      const into = `${options.directory}-snapshot-${randomUUID()}`;
      const started = await inTurn(() => run({ op: "backupStart" }));
      const firstSegment = String((started.rows[0] as { segment: string }).segment);
      try {
        const wal = path.join(options.directory, "pg_wal");
        await cp(options.directory, into, {
          recursive: true,
          errorOnExist: true,
          filter: (source) => source !== wal && !source.startsWith(`${wal}${path.sep}`),
        });
        await inTurn(() => run({ op: "backupStop", into, firstSegment }));
        return into;
      } catch (error) {
        await inTurn(() => run({ op: "backupStop" })).catch(() => {});
        await rm(into, { recursive: true, force: true });
        throw error;
      }
    },
    transaction: (work, transactionOptions) =>
      inTurn(async () => {
        const tx = queryable(statementTimeoutMs(transactionOptions?.statementTimeout));
        await untimed.exec("begin");
        try {
          const result = await work(tx);
          await untimed.exec("commit");
          return result;
        } catch (error) {
          await untimed.exec("rollback").catch(() => {});
          throw error;
        }
      }),
    // A statement with something to keep or undo is one message too: the thread runs the
    // transaction's begin, settings, statement, check and end in one turn (worker's "kept").
    queryAs: (settings, text, params, keep) =>
      keep?.rows || keep?.undo
        ? inTurn(async () => {
            const { rows, rowCount } = await run(
              { op: "kept", settings: settingsStatement(settings), text, params, keep },
              statementTimeoutMs(settings.statementTimeout),
            );
            return { rows: rows as never[], rowCount };
          })
        : queryUnderRole(
            database,
            (statements) =>
              inTurn(async () => {
                const { rows, rowCount } = await run(
                  { op: "exec", text: statements },
                  statementTimeoutMs(settings.statementTimeout),
                );
                return { rows: rows as never[], rowCount };
              }),
            settings,
            text,
            params,
          ),
    listen: async (channel, onNotify) => {
      listeners.set(channel, onNotify);
      await inTurn(() => run({ op: "listen", channel }));
      return async () => {
        listeners.delete(channel);
        if (closed) return;
        await inTurn(() => run({ op: "unlisten", channel })).catch((error: unknown) => {
          // No thread listens while it is down, and the next one will not.
          if (!(error instanceof DatabaseUnavailableError)) throw error;
        });
      };
    },
    close: () =>
      inTurn(async () => {
        if (closed) return;
        const thread = await current.catch(() => undefined);
        closed = true;
        clearTimeout(retryTimer);
        await retrying;
        if (!thread) return;
        await send(thread, { op: "close" }, 0).catch(() => {});
        thread.ending = true;
        await thread.worker.terminate();
      }),
  };
  return database;
}

/** Copies a backup made (`snapshot`) and a process that died before removing them. */
async function removeLeftSnapshots(directory: string): Promise<void> {
  const prefix = `${path.basename(directory)}-snapshot-`;
  const parent = path.dirname(directory);
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix))
      await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, its files in `directory`, on a
 * thread of its own. PGlite's `relaxedDurability` stays off: a query resolves only after its
 * writes reached the files, so an answered insert survives the process being killed.
 */
export async function openPGlite(directory: string, log?: Logger): Promise<EmbeddedDatabase> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const lock = await lockDirectory(`${directory}.lock`, `The embedded database in ${directory}`);
  try {
    await removeLeftSnapshots(directory);
    const database = await openPGliteThread({ directory }, log);
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
