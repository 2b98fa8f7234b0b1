import { Counter, Gauge } from "prom-client";
import type { RealtimeHub } from "../realtime/hub.ts";
import type { Metrics } from "./metrics.ts";

/** Realtime's sockets and channels now, and the changes it has read and delivered. */
export function countRealtime(metrics: Metrics, hub: RealtimeHub): void {
  const registers = [metrics.registry];
  new Gauge({
    name: "kalima_realtime_sockets",
    help: "Realtime sockets open on this instance.",
    registers,
    collect() {
      this.set(hub.stats().sockets);
    },
  });
  new Gauge({
    name: "kalima_realtime_channels",
    help: "Channels joined on this instance's realtime sockets.",
    registers,
    collect() {
      this.set(hub.stats().channels);
    },
  });
  const counted = { changes: 0, deliveries: 0 };
  const counter = (name: string, help: string, read: () => number, key: keyof typeof counted) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = read();
        this.inc(Math.max(0, now - counted[key]));
        counted[key] = now;
      },
    });
  counter(
    "kalima_realtime_changes_total",
    "Changes to published tables this instance heard from the database.",
    () => hub.feed.stats.changes,
    "changes",
  );
  counter(
    "kalima_realtime_deliveries_total",
    "postgres_changes messages sent to subscribers after their policies were checked.",
    () => hub.feed.stats.deliveries,
    "deliveries",
  );
}
