import { rm } from "node:fs/promises";
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { isEmbeddedDatabase, type Database } from "../db/database.ts";
import { openPGliteThread } from "../db/pglite.ts";
import { verifyPostgrestJwt } from "../jwt.ts";
import { errorForLog, type Logger } from "../log.ts";
import { dumpDatabase } from "./dump.ts";

/**
 * GET /backup/v1, with the service_role key as bearer: the embedded database's backup, taken
 * through the server that owns its files (docs/decisions/0029). The files are copied in one
 * turn of the database's queue, and the copy is read on a thread of its own while the server
 * goes on serving. On PostgreSQL the command reads the database itself and this answers 404.
 */
export function backupRoutes(db: Database, secret: Uint8Array, log: Logger): Hono {
  const app = new Hono();
  let running = false;
  app.get("/", async (c) => {
    const token = /^Bearer (.+)$/u.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    const role = await verifyPostgrestJwt(token, secret).then(
      (claims) => claims.role,
      () => undefined,
    );
    if (role !== "service_role") {
      return c.json({ message: "A backup needs the service_role key as bearer token" }, 401);
    }
    if (!isEmbeddedDatabase(db)) {
      return c.json(
        { message: "This server runs on PostgreSQL: run npm run backup with its DATABASE_URL" },
        404,
      );
    }
    if (running) return c.json({ message: "A backup is already being taken" }, 409);
    running = true;
    const started = performance.now();
    let snapshot: string;
    try {
      snapshot = await db.snapshot();
    } catch (error) {
      running = false;
      throw error;
    }
    const copied = Math.round(performance.now() - started);
    c.header("content-type", "text/plain; charset=utf-8");
    c.header("cache-control", "no-store");
    return stream(c, async (body) => {
      const reader = await openPGliteThread({ directory: snapshot }, log).catch(
        (error: unknown) => {
          log.error("backup failed: its copy of the database did not open", {
            error: errorForLog(error),
          });
          return undefined;
        },
      );
      try {
        if (!reader) return;
        const rows = await dumpDatabase(
          reader,
          async (text) => {
            // A client that went away stops the backup: its copy is removed below at once.
            if (body.aborted) throw new Error("the client went away");
            await body.write(text);
          },
          "embedded",
        );
        log.info("backup taken", {
          copy_ms: copied,
          ms: Math.round(performance.now() - started),
          rows: Object.values(rows).reduce((sum, count) => sum + count, 0),
        });
      } catch (error) {
        // The file has no last line, so the command refuses it.
        log.error("backup failed", { error: errorForLog(error) });
      } finally {
        await reader?.close().catch(() => {});
        await rm(snapshot, { recursive: true, force: true });
        running = false;
      }
    });
  });
  return app;
}
