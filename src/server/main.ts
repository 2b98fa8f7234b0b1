// Kalima's server process: reads the configuration, boots the database and application, listens.
// On SIGTERM or SIGINT it stops accepting, finishes requests in flight, closes the database, exits 0.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { serve } from "@hono/node-server";
import { openAdminListeners } from "./admin-listeners.ts";
import { boot } from "./boot.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { errorForLog, jsonLogger as log } from "./log.ts";
import { startAuthBucketSweep } from "./auth/rate-limit.ts";
import { startRetention } from "./retention.ts";
import { startUpkeep } from "./db/upkeep.ts";
import { startSiteMediaSweep } from "./storage/site-media-sweep.ts";

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  // DATA_DIR and the embedded database's files are for this user alone: 0700 folders, 0600 files.
  process.umask(0o077);
  const config = loadConfig();
  const {
    app,
    db,
    storage,
    mailWorker,
    mailboxWatcher,
    metrics,
    backups,
    realtime,
    stopSchemaReloads,
    stopPageRenders,
    stopPublishHook,
  } = await boot(config, log);
  // Before the public port, so that a metrics port already taken stops the start.
  const admin = await openAdminListeners(config, metrics, backups, log);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info("listening", {
      url: `http://${config.host ?? "localhost"}:${info.port}`,
      database: db.kind,
    });
    mailWorker?.start();
    mailboxWatcher?.start();
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    realtime.handleUpgrade(request, socket, head),
  );
  const stopRetention = startRetention(db, log);
  const stopUpkeep = startUpkeep(db, log);
  const stopBucketSweep = startAuthBucketSweep(db, log);
  const stopPhotoSweep = startSiteMediaSweep(db, storage, log);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.error("requests still running after the grace period; exiting");
      process.exit(1);
    }, shutdownGraceMs).unref();
    const adminClosed = admin.close();
    // Open sockets would hold server.close() back: realtime-js reconnects, to another instance.
    const realtimeClosed = realtime.close();
    const closeTheRest = async () => {
      clearInterval(idleSweep);
      stopRetention();
      stopUpkeep();
      stopBucketSweep();
      stopPhotoSweep();
      await mailWorker?.stop();
      await mailboxWatcher?.stop();
      await stopSchemaReloads();
      await stopPageRenders();
      await stopPublishHook();
      await adminClosed;
      await realtimeClosed;
      await storage.close();
      await db.close();
      clearTimeout(force);
      log.info("stopped");
      process.exit(0);
    };
    server.close(() => {
      closeTheRest().catch((error: unknown) => {
        log.error("shutting down failed", { error: errorForLog(error) });
        process.exit(1);
      });
    });
    // Keep-alive connections that finish their last request after this point close at once.
    const idleSweep = setInterval(() => {
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    }, 50);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    log.error("could not start", {
      error: errorForLog(error),
    });
  }
  process.exit(1);
});
