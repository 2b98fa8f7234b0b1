// The admin listeners, apart from the public port (docs/decisions/0028, 0029): GET /metrics where
// METRICS_PORT says, and on the embedded database GET /backup/v1, on this machine only.
import type { ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import { forgetBackupAddress, recordBackupAddress } from "./backup/backup-address.ts";
import { isLoopback, type Config } from "./config.ts";
import type { Logger } from "./log.ts";
import type { Metrics } from "./metrics/metrics.ts";
import { adminRoutes, serveAdmin } from "./metrics/metrics-server.ts";

export interface AdminListeners {
  /** Stops listening, and removes the backups' address from DATA_DIR. */
  close(): Promise<void>;
}

/**
 * Backups share the metrics listener when it is on this machine; otherwise (no METRICS_PORT, or
 * METRICS_HOST beyond this machine) they get a listener of their own on 127.0.0.1, at a port
 * the system chooses. Either way its address is written to DATA_DIR for npm run backup.
 */
export async function openAdminListeners(
  config: Pick<Config, "metrics" | "dataDir">,
  metrics: Metrics | undefined,
  backups: Hono | undefined,
  log: Logger,
): Promise<AdminListeners> {
  const servers: ServerType[] = [];
  let backupsUrl: string | undefined;
  const close = async () => {
    for (const server of servers) server.close();
    if (backupsUrl) await forgetBackupAddress(config.dataDir);
  };
  try {
    if (metrics && config.metrics) {
      const shared = backups && isLoopback(config.metrics.host) ? backups : undefined;
      const { token } = config.metrics;
      const { server, url } = await serveAdmin(
        adminRoutes({ metrics, token, backups: shared, log }),
        config.metrics,
        log,
        { metrics: true, token: token !== undefined, backups: shared !== undefined },
      );
      servers.push(server);
      if (shared) backupsUrl = url;
    }
    if (backups && !backupsUrl) {
      const { server, url } = await serveAdmin(
        adminRoutes({ backups, log }),
        { port: 0, host: "127.0.0.1" },
        log,
        { metrics: false, token: false, backups: true },
      );
      servers.push(server);
      backupsUrl = url;
    }
    if (backupsUrl) await recordBackupAddress(config.dataDir, backupsUrl);
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}
