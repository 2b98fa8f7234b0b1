// The embedded database's own thread: PGlite runs here, so a long query never stops the server's
// thread from answering pages and health checks. pglite.ts sends one request at a time and
// replaces this thread when a statement outlives its statement_timeout (docs/decisions/0021).
// Plain JavaScript: Node starts a worker from a file it can run as it is, in tests too.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.js";

/** @typedef {{ directory: string, template?: string }} Options */
/** @typedef {{ rows?: { min?: number, max?: number }, undo?: boolean }} Keeping */
/** @typedef {{ id: number, op: "query", text: string, params: unknown[] } | { id: number, op: "exec", text: string } | { id: number, op: "listen" | "unlisten", channel: string } | { id: number, op: "close" } | { id: number, op: "copyOut", select: string } | { id: number, op: "copyIn", target: string, data: string } | { id: number, op: "kept", settings: { text: string, values: string[] }, text: string, params: unknown[], keep: Keeping } | { id: number, op: "backupStart" } | { id: number, op: "backupStop", into?: string, firstSegment?: string }} Request */

/** @param {unknown} error */
function serialise(error) {
  if (error instanceof Error) {
    /** @type {Record<string, unknown>} */
    const fields = { message: error.message, name: error.name };
    for (const [name, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") fields[name] = value;
    }
    return fields;
  }
  // PGlite's file layer throws `{ name: "ErrnoError", errno }`: pglite.ts explains it.
  const errno = /** @type {{ errno?: unknown } | null} */ (error)?.errno;
  return { thrown: typeof errno === "number" ? { errno } : String(error) };
}

/** @param {Options} options */
async function open(options) {
  // A template (a tar of a database's files) is written into the directory on the first
  // opening only; a thread started again after a cancelled statement opens what is there.
  const template = options.template ? await readFile(options.template) : undefined;
  return PGlite.create(options.directory, {
    ...(template ? { loadDataDir: new Blob([template]) } : {}),
    relaxedDurability: false,
    extensions: pgliteExtensions,
  });
}

if (!parentPort) throw new Error("pglite-worker.js runs as a worker thread");
const port = parentPort;

// workerData is untyped: it is taken as unknown first, then as the Options pglite.ts sends.
/** @type {unknown} */
const data = workerData;
const options = /** @type {Options} */ (data);

/** @type {PGlite} */
let pglite;
try {
  pglite = await open(options);
} catch (error) {
  port.postMessage({ type: "failed", error: serialise(error) });
  throw error;
}

/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/** @typedef {{ rows: unknown[], affectedRows?: number | undefined }} Outcome */

/** @param {Request} request @returns {Promise<Outcome>} */
async function answer(request) {
  switch (request.op) {
    case "query": {
      const result = await pglite.query(request.text, request.params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case "exec": {
      const last = (await pglite.exec(request.text)).at(-1);
      return { rows: last?.rows ?? [], affectedRows: last?.affectedRows };
    }
    case "kept": {
      // One statement's whole transaction in one turn (pglite.ts, queryAs): kept when its first
      // row's `rows` is within the bounds and it is not to be undone, as database.ts withinRows.
      await pglite.exec("begin");
      try {
        await pglite.query(request.settings.text, request.settings.values);
        const result = await pglite.query(request.text, request.params);
        /** @type {unknown} */
        const firstRow = result.rows[0];
        const first = /** @type {{ rows?: unknown } | undefined} */ (firstRow);
        const count = Number(first?.rows ?? 0);
        const { min, max } = request.keep.rows ?? {};
        const within = (min === undefined || count >= min) && (max === undefined || count <= max);
        if (within && request.keep.undo) await pglite.exec("set constraints all immediate");
        await pglite.exec(within && !request.keep.undo ? "commit" : "rollback");
        return { rows: result.rows, affectedRows: result.affectedRows };
      } catch (error) {
        await pglite.exec("rollback").catch(() => {});
        throw error;
      }
    }
    case "listen":
      if (!listening.has(request.channel)) {
        const channel = request.channel;
        const stop = await pglite.listen(channel, (payload) =>
          port.postMessage({ type: "notify", channel, payload }),
        );
        listening.set(channel, stop);
      }
      return { rows: [] };
    case "unlisten":
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return { rows: [] };
    case "close":
      await pglite.close();
      return { rows: [] };
    case "copyOut": {
      // PGlite hands a COPY's output over as a blob; the text is COPY's own text format.
      const result = await pglite.query(`copy (${request.select}) to '/dev/blob'`);
      return { rows: [result.blob ? await result.blob.text() : ""] };
    }
    case "copyIn":
      await pglite.query(`copy ${request.target} from '/dev/blob'`, [], {
        blob: new Blob([request.data]),
      });
      return { rows: [] };
    case "backupStart": {
      // An online base backup, as pg_basebackup takes one: from here the WAL holds whole pages,
      // so the files may be copied while this thread goes on serving (docs/decisions/0029).
      const started = await pglite.query(
        "select pg_walfile_name(pg_backup_start('kalima backup', true)) as segment",
      );
      return { rows: started.rows };
    }
    case "backupStop": {
      const stopped = await pglite.query("select labelfile from pg_backup_stop(false)");
      const into = request.into;
      if (into === undefined) return { rows: [] };
      // The WAL written since the start, copied with nothing else running, and the label that
      // tells the copy where to begin replaying it.
      const wal = path.join(options.directory, "pg_wal");
      mkdirSync(path.join(into, "pg_wal", "archive_status"), { recursive: true });
      for (const name of readdirSync(wal)) {
        if (/^[0-9A-F]{24}$/u.test(name) && name >= (request.firstSegment ?? "")) {
          copyFileSync(path.join(wal, name), path.join(into, "pg_wal", name));
        }
      }
      /** @type {unknown} */
      const stoppedRow = stopped.rows[0];
      const label = /** @type {{ labelfile: string }} */ (stoppedRow).labelfile;
      writeFileSync(path.join(into, "backup_label"), label);
      return { rows: [] };
    }
  }
}

port.on("message", (/** @type {Request} */ request) => {
  answer(request).then(
    ({ rows, affectedRows }) =>
      port.postMessage({ type: "answer", id: request.id, rows, affectedRows }),
    (error) => port.postMessage({ type: "answer", id: request.id, error: serialise(error) }),
  );
});
port.postMessage({ type: "ready" });
