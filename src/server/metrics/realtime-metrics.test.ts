import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { countRealtime } from "./realtime-metrics.ts";

describe("realtime on the metrics listener", () => {
  it("reports the hub's sockets, channels and change-feed figures as they are at each scrape", async () => {
    const registry = new Registry();
    const hub = {
      sockets: 3,
      channels: 5,
      subscriptions: 12,
      presenceBytes: 2048,
      feed: { stats: { changes: 40, batches: 4, deliveries: 120 } },
      stats() {
        return {
          sockets: this.sockets,
          channels: this.channels,
          subscriptions: this.subscriptions,
          presenceBytes: this.presenceBytes,
        };
      },
    };
    countRealtime(registry, hub as never);
    const first = await registry.metrics();
    expect(first).toContain("kalima_realtime_sockets 3");
    expect(first).toContain("kalima_realtime_channels 5");
    expect(first).toContain("kalima_realtime_subscriptions 12");
    expect(first).toContain("kalima_realtime_presence_bytes 2048");
    expect(first).toContain("kalima_realtime_changes_total 40");
    expect(first).toContain("kalima_realtime_change_batches_total 4");
    expect(first).toContain("kalima_realtime_change_deliveries_total 120");

    hub.sockets = 1;
    hub.subscriptions = 0;
    hub.feed.stats.changes = 45;
    hub.feed.stats.batches = 5;
    const second = await registry.metrics();
    expect(second).toContain("kalima_realtime_sockets 1");
    expect(second).toContain("kalima_realtime_subscriptions 0");
    expect(second).toContain("kalima_realtime_changes_total 45");
    expect(second).toContain("kalima_realtime_change_batches_total 5");
  });
});
