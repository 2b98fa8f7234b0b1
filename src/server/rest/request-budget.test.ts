import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// Each client address may send 2 REST requests a minute here, in bursts of 30: one token comes
// back every 30 s, so a loaded machine taking seconds over a burst does not refill it.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ apiRateLimit: 2, trustProxyHeader: "x-forwarded-for" });
});
afterAll(() => server.close());

function token(claims: Record<string, unknown>) {
  return new SignJWT({ sub: randomUUID(), role: "authenticated", aal: "aal2", ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(server.jwtSecret));
}

function read(address: string, bearer: string) {
  return server.app.request("/rest/v1/contact_submissions?select=id&limit=1", {
    headers: {
      apikey: server.keys.anon,
      authorization: `Bearer ${bearer}`,
      "x-forwarded-for": address,
    },
  });
}

async function statuses(address: string, bearer: string, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let index = 0; index < count; index += 1) {
    answers.push((await read(address, bearer)).status);
  }
  return answers;
}

describe("the per-client budget on REST requests", () => {
  it("answers anon's 31st request at once with 429 PT429 and Retry-After, as PostgREST shapes errors", async () => {
    const answers = await statuses("192.0.2.10", server.keys.anon, 30);
    expect(answers.filter((status) => status === 429)).toEqual([]);
    const refused = await read("192.0.2.10", server.keys.anon);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toEqual({
      code: "PT429",
      message: "Too many requests from this client",
      details: "Try again in 30 s.",
      hint: null,
    });
    // Another client is not held to the first one's budget.
    expect((await read("192.0.2.11", server.keys.anon)).status).not.toBe(429);
  });

  it("counts an IPv6 client's whole /64 as one client", async () => {
    await statuses("2001:db8:1:2::1", server.keys.anon, 30);
    expect((await read("2001:db8:1:2::ffff", server.keys.anon)).status).toBe(429);
  });

  it("holds a signed-in account that is not on the team to the same budget", async () => {
    const stranger = await token({ app_metadata: {} });
    const answers = await statuses("192.0.2.20", stranger, 31);
    expect(answers.slice(0, 30).filter((status) => status === 429)).toEqual([]);
    expect(answers[30]).toBe(429);
  });

  it("never slows the team or the service key", async () => {
    const member = await token({ app_metadata: { team: true } });
    const answers = [
      ...(await statuses("192.0.2.30", member, 45)),
      ...(await statuses("192.0.2.31", server.keys.service_role, 45)),
    ];
    expect(answers.filter((status) => status === 429)).toEqual([]);
  });
});
