import { Counter, Gauge, type Registry } from "prom-client";
import type { RealtimeHub } from "../realtime/hub.ts";

/**
 * Realtime's figures on the metrics listener: the sockets, channels, change subscriptions and
 * presence bytes held on this instance,
 * and how its postgres_changes were delivered (change-feed.ts): the changes it heard, the batches
 * their row-level security was checked in, and the messages sent to subscribers. Changes per
 * batch says how much the batching saves; deliveries per change, how far each one fanned out.
 */
export function countRealtime(registry: Registry, hub: Pick<RealtimeHub, "stats" | "feed">): void {
  new Gauge({
    name: "kalima_realtime_sockets",
    help: "Realtime sockets open on this instance.",
    registers: [registry],
    collect() {
      this.set(hub.stats().sockets);
    },
  });
  new Gauge({
    name: "kalima_realtime_channels",
    help: "Channels joined on this instance's realtime sockets.",
    registers: [registry],
    collect() {
      this.set(hub.stats().channels);
    },
  });
  new Gauge({
    name: "kalima_realtime_subscriptions",
    help: "postgres_changes subscriptions this instance holds, counted by the realtime registry.",
    registers: [registry],
    collect() {
      this.set(hub.stats().subscriptions);
    },
  });
  new Gauge({
    name: "kalima_realtime_presence_bytes",
    help: "Bytes of presence (tracked payloads as JSON) this instance's sockets hold.",
    registers: [registry],
    collect() {
      this.set(hub.stats().presenceBytes);
    },
  });
  const counted = [
    [
      "kalima_realtime_changes_total",
      "changes",
      "Database changes this instance heard for postgres_changes.",
    ],
    [
      "kalima_realtime_change_batches_total",
      "batches",
      "Batches those changes were checked in: per table, one statement asks eight audiences' policies at once.",
    ],
    [
      "kalima_realtime_change_deliveries_total",
      "deliveries",
      "postgres_changes messages sent to subscribers (one per change and channel that may read it).",
    ],
  ] as const;
  for (const [name, field, help] of counted) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(hub.feed.stats[field]);
      },
    });
  }
}
