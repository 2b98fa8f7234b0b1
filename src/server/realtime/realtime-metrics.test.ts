import { afterAll, beforeAll, expect, it } from "vitest";
import { clientFor, type ContractTarget } from "../../../tests/support/contract-target.ts";
import { Heard, subscribed } from "../../../tests/support/realtime.ts";
import { createMember } from "../../../tests/support/member.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// What an operator watches of realtime: sockets and channels open, changes heard and delivered.
let server: TestServer;
let target: ContractTarget;
beforeAll(async () => {
  server = await startTestServer({ realtime: {}, metrics: true });
  target = {
    url: server.url,
    anonKey: server.keys.anon,
    serviceRoleKey: server.keys.service_role,
    jwtSecret: server.jwtSecret,
    fetch: server.fetch,
    kind: "ours",
    refreshTokenReuseInterval: 1,
    storage: server.storage,
    close: () => server.close(),
  };
});
afterAll(() => server.close());

async function metric(name: string): Promise<number> {
  const text = await server.metrics!.registry.metrics();
  const line = text.split("\n").find((entry) => entry.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

it("counts sockets, channels, and the changes heard and delivered", async () => {
  const service = clientFor(target, target.serviceRoleKey);
  const member = await createMember(target, { invitedBy: service });
  const heard = new Heard<unknown>();
  const channel = member
    .channel("watched")
    .on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "contact_submissions" },
      heard.push,
    );
  await subscribed(channel);
  expect(await metric("kalima_realtime_sockets")).toBe(1);
  expect(await metric("kalima_realtime_channels")).toBe(1);
  await service.from("contact_submissions").insert({
    name: "Omar",
    email: "omar@example.com",
    message: "مرحبا",
    form_source: "Contact Page",
  });
  await heard.next();
  expect(await metric("kalima_realtime_changes_total")).toBeGreaterThanOrEqual(1);
  expect(await metric("kalima_realtime_change_deliveries_total")).toBe(1);
  await member.removeAllChannels();
  await expect.poll(() => metric("kalima_realtime_sockets")).toBe(0);
});
