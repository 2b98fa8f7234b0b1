import type { SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import * as OTPAuth from "otpauth";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeys } from "../../../src/server/keys.ts";
import { clientAt, processJwtSecret, processKeys, submission } from "../../support/api.ts";
import { uniqueEmail } from "../../support/contract-target.ts";
import { createDatabase, type TestDatabase } from "../../support/postgres-databases.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../../support/spawn-server.ts";

// Two instances behind one load balancer share only the database and JWT_SECRET. A case that
// starts something on one instance and finishes it on the other needs only `client(first, …)`
// and `client(second, …)`.
let database: TestDatabase;
let dataDirs: string[];
let first: RunningServer;
let second: RunningServer;
let keys: ApiKeys;

function decodeAal(accessToken: string): unknown {
  return decodeJwt(accessToken)["aal"];
}

function client(instance: RunningServer, key: string): SupabaseClient {
  return clientAt(instance.url, key);
}

beforeAll(async () => {
  keys = await processKeys();
  database = await createDatabase("instances");
  dataDirs = await Promise.all([makeDataDir(), makeDataDir()]);
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: processJwtSecret,
    LOG_REQUESTS: "false",
    // Every insert here comes from this one client: past the database's per-client limit.
    SUBMISSION_LIMITS: "false",
    API_RATE_LIMIT: "0",
    // A budget that refills too slowly to matter while the test runs: 1 in 5 minutes, burst 30.
    AUTH_RATE_LIMIT_VERIFY: "1",
  };
  // Started together on an empty database: both reach the migrations at the same moment.
  const [one, two] = dataDirs;
  [first, second] = await Promise.all([spawnServer(env, one ?? ""), spawnServer(env, two ?? "")]);
});
afterAll(async () => {
  await Promise.all([first?.stop("SIGKILL"), second?.stop("SIGKILL")]);
  await database?.drop();
  await Promise.all(dataDirs.map(removeDataDir));
});

describe("two instances on one PostgreSQL", () => {
  it("migrate once between them when they start together", async () => {
    const applied = [first, second].filter((instance) =>
      instance.output().includes('"message":"migrations applied"'),
    );
    expect(applied).toHaveLength(1);
    const connection = new pg.Client({ connectionString: database.url });
    await connection.connect();
    try {
      const { rows } = await connection.query<{ versions: number; distinct: number }>(
        `select count(*)::int as versions, count(distinct version)::int as distinct
           from supabase_migrations.schema_migrations`,
      );
      expect(rows[0]?.versions).toBeGreaterThan(0);
      expect(rows[0]?.versions).toBe(rows[0]?.distinct);
    } finally {
      await connection.end();
    }
  });

  it("read through one what was written through the other", async () => {
    const email = `across-${Date.now()}@example.com`;
    const written = await client(first, keys.anon)
      .from("contact_submissions")
      .insert(submission(email));
    expect(written.status).toBe(201);
    const { data, error } = await client(second, keys.service_role)
      .from("contact_submissions")
      .select("email, message")
      .order("id", { ascending: false })
      .range(0, 0);
    expect(error).toBeNull();
    expect(data).toEqual([{ email, message: submission(email).message }]);
  });

  it("carry a session begun on one through multi-factor, refresh and sign-out on the other", async () => {
    const email = uniqueEmail("instances");
    const password = "a long enough password";
    const onFirst = client(first, keys.anon);
    const signedUp = await onFirst.auth.signUp({ email, password });
    expect(signedUp.error).toBeNull();
    const begun = signedUp.data.session;
    if (!begun) throw new Error("sign-up gave no session");

    const onSecond = client(second, keys.anon);
    const adopted = await onSecond.auth.setSession(begun);
    expect(adopted.error).toBeNull();
    expect(adopted.data.user?.email).toBe(email);

    // Enrolled on one, proven on the other: the factor and the challenge live in the database.
    const enrolled = await onFirst.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error) throw enrolled.error;
    const code = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret),
    }).generate();
    const verified = await onSecond.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code,
    });
    expect(verified.error).toBeNull();
    const level = await onSecond.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe("aal2");

    // The refresh token issued by the second instance is good on the first, and keeps aal2.
    const raised = (await onSecond.auth.getSession()).data.session;
    if (!raised) throw new Error("verification left no session");
    const backOnFirst = client(first, keys.anon);
    const refreshed = await backOnFirst.auth.refreshSession({
      refresh_token: raised.refresh_token,
    });
    expect(refreshed.error).toBeNull();
    const session = refreshed.data.session;
    if (!session) throw new Error("refresh gave no session");
    expect(session.refresh_token).not.toBe(raised.refresh_token);
    expect(decodeAal(session.access_token)).toBe("aal2");

    // Ended on the second instance: the first no longer honours its tokens.
    const ending = client(second, keys.anon);
    expect((await ending.auth.setSession(session)).error).toBeNull();
    expect((await ending.auth.signOut()).error).toBeNull();
    const user = await client(first, keys.anon).auth.getUser(session.access_token);
    // supabase-js turns the server's 403 session_not_found into this error of its own.
    expect(user.error?.name).toBe("AuthSessionMissingError");
    const stale = await client(first, keys.anon).auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(stale.error).toMatchObject({ status: 400 });
    expect(stale.data.session).toBeNull();
  });

  it("share one client's auth rate limit: the burst across both, not twice it", async () => {
    const verify = (instance: RunningServer) =>
      fetch(`${instance.url}/auth/v1/verify`, {
        method: "POST",
        headers: {
          apikey: keys.anon,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: "{}",
      });
    const answers: { instance: string; status: number }[] = [];
    for (let round = 0; round < 30; round += 1) {
      const [one, two] = await Promise.all([verify(first), verify(second)]);
      answers.push(
        { instance: "first", status: one.status },
        { instance: "second", status: two.status },
      );
    }
    const allowed = answers.filter((answer) => answer.status !== 429);
    expect(allowed).toHaveLength(30);
    expect(allowed.every((answer) => answer.status === 400)).toBe(true);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(new Set(refused.map((answer) => answer.instance))).toEqual(new Set(["first", "second"]));
    const again = await verify(second);
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({
      code: "over_request_rate_limit",
      message: "Request rate limit reached",
    });
  });

  it("keep serving on one when the other is killed", async () => {
    await first.stop("SIGKILL");
    const service = client(second, keys.service_role);
    for (let index = 0; index < 5; index += 1) {
      const email = `survivor-${index}-${Date.now()}@example.com`;
      const written = await client(second, keys.anon)
        .from("contact_submissions")
        .insert(submission(email));
      expect(written.status).toBe(201);
      const { data } = await service
        .from("contact_submissions")
        .select("email")
        .order("id", { ascending: false })
        .range(0, 0);
      expect(data).toEqual([{ email }]);
    }
    const page = await fetch(`${second.url}/contact`);
    expect(page.status).toBe(200);
  });
});
