import { rm } from "node:fs/promises";
import { Hono, type Context } from "hono";
import { isEmbeddedDatabase, type Database, type EmbeddedDatabase } from "../db/database.ts";
import { openPGliteThread } from "../db/pglite.ts";
import { verifyPostgrestJwt } from "../jwt.ts";
import { errorForLog, type Logger } from "../log.ts";
import { dumpDatabase, type StoredObjects } from "./dump.ts";

function refuse(c: Context, message: string, status: 401 | 404 | 409 | 500): Response {
  c.header("cache-control", "no-store");
  return c.json({ message }, status);
}

/**
 * GET /backup/v1, with the service_role key as bearer: the embedded database's backup, taken
 * through the server that owns its files (docs/decisions/0029), on the admin listener only,
 * never the public port. The files are copied while the server goes on serving, and the copy
 * is read on a thread of its own. The answer's status waits for the backup's first line: a copy
 * that cannot be opened or read is an error, not an empty success. On PostgreSQL the command
 * reads the database itself and this answers 404. The stored objects, on this machine's disk,
 * follow the rows, read from the backend the server writes them with.
 */
export function backupRoutes(
  db: Database,
  secret: Uint8Array,
  log: Logger,
  objects?: StoredObjects,
): Hono {
  const app = new Hono();
  let running = false;
  app.get("/", async (c) => {
    const token = /^Bearer (.+)$/u.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    const role = await verifyPostgrestJwt(token, secret).then(
      (claims) => claims.role,
      () => undefined,
    );
    if (role !== "service_role") {
      return refuse(c, "A backup needs the service_role key as bearer token", 401);
    }
    if (!isEmbeddedDatabase(db)) {
      return refuse(
        c,
        "This server runs on PostgreSQL: run npm run backup with its DATABASE_URL",
        404,
      );
    }
    if (running) return refuse(c, "A backup is already being taken", 409);
    running = true;
    const started = performance.now();
    let snapshot: string | undefined;
    let reader: EmbeddedDatabase | undefined;
    const release = async () => {
      await reader?.close().catch(() => {});
      if (snapshot) await rm(snapshot, { recursive: true, force: true });
      running = false;
    };
    const failed = async (what: string, error: unknown) => {
      log.error(`backup failed: ${what}`, { error: errorForLog(error) });
      await release();
      return refuse(c, `The backup failed: ${what}; the server's log says why`, 500);
    };
    try {
      snapshot = await db.snapshot();
    } catch (error) {
      return failed("the database's files could not be copied", error);
    }
    const copied = Math.round(performance.now() - started);
    try {
      reader = await openPGliteThread({ directory: snapshot }, log);
    } catch (error) {
      return failed("its copy of the database did not open", error);
    }

    const encoder = new TextEncoder();
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    const writer = pipe.writable.getWriter();
    let begun: () => void = () => {};
    const firstLine = new Promise<void>((resolve) => (begun = resolve));
    const dump = dumpDatabase(
      reader,
      async (text) => {
        begun();
        // A client that went away fails the write, and so stops the backup: its copy is
        // removed below at once.
        await writer.write(encoder.encode(text));
      },
      "embedded",
      objects,
    );
    const outcome = await Promise.race([
      firstLine.then(() => undefined),
      dump.then(
        () => undefined,
        (error: unknown) => error ?? new Error("the backup failed"),
      ),
    ]);
    if (outcome !== undefined) {
      await writer.abort(outcome).catch(() => {});
      return failed("its copy of the database could not be read", outcome);
    }
    // The copy is let go of before the answer ends: once a client has the whole file, the
    // next backup may begin.
    void dump.then(
      async (rows) => {
        await release();
        log.info("backup taken", {
          copy_ms: copied,
          ms: Math.round(performance.now() - started),
          rows: Object.values(rows).reduce((sum, count) => sum + count, 0),
        });
        await writer.close().catch(() => {});
      },
      async (error: unknown) => {
        // The answer ends without the file's last line, so the command refuses it.
        log.error("backup failed", { error: errorForLog(error) });
        await release();
        await writer.abort(error).catch(() => {});
      },
    );
    return new Response(pipe.readable, {
      status: 200,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  });
  return app;
}
