// The embedded database's own thread: PGlite runs here, so a long query never stops the server's
// thread from answering pages and health checks. pglite.ts sends one request at a time and
// replaces this thread when a statement outlives its statement_timeout (docs/decisions/0021).
// Plain JavaScript: Node starts a worker from a file it can run as it is, in tests too.
import { cpSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.js";

/** @typedef {{ directory: string, template?: string }} Options */
/** @typedef {{ id: number, op: "query", text: string, params: unknown[] } | { id: number, op: "exec", text: string } | { id: number, op: "listen" | "unlisten", channel: string } | { id: number, op: "close" } | { id: number, op: "copyOut", select: string } | { id: number, op: "copyIn", target: string, data: string } | { id: number, op: "snapshot", into: string }} Request */

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

/** @type {PGlite} */
let pglite;
try {
  pglite = await open(/** @type {Options} */ (workerData));
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
    case "snapshot":
      // Once the checkpoint has written every page, the files are a database of their own. The
      // copy is synchronous: nothing else runs on this thread until it is whole, so it is
      // consistent, and the server's own thread goes on answering meanwhile.
      await pglite.exec("checkpoint");
      cpSync(/** @type {Options} */ (workerData).directory, request.into, {
        recursive: true,
        errorOnExist: true,
      });
      return { rows: [] };
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
