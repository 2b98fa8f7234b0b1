import type { AuthChangeEvent, Session, SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt, jwtVerify, SignJWT } from "jose";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";

// Supabase Auth as supabase-js uses it (the endpoints docs/api.md lists under "/auth/v1"), checked against our
// server in process, or unchanged against the project CONTRACT_SUPABASE_URL names. Checks that
// need our database or the JWT secret say so and are skipped elsewhere.
let target: ContractTarget;
let autoconfirm = true;
beforeAll(async () => {
  target = await contractTarget();
  const settings = await target.fetch(`${target.url}/auth/v1/settings`, {
    headers: { apikey: target.anonKey },
  });
  autoconfirm = ((await settings.json()) as { mailer_autoconfirm: boolean }).mailer_autoconfirm;
});
afterAll(() => target.close());

const password = "correct horse battery";
const ours = () => target.kind === "ours";

interface Recorded {
  client: SupabaseClient;
  events: AuthChangeEvent[];
  requests: string[];
}

/** A client whose auth events and requests are recorded. */
function recordedClient(options: { storage?: Map<string, string>; autoRefresh?: boolean } = {}) {
  const requests: string[] = [];
  const events: AuthChangeEvent[] = [];
  const storage = options.storage;
  const client = clientFor(target, target.anonKey, {
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(
          `${init?.method ?? "GET"} ${new URL(input instanceof Request ? input.url : input.toString()).pathname}`,
        );
        return target.fetch(input, init);
      },
    },
    auth: storage
      ? {
          persistSession: true,
          autoRefreshToken: options.autoRefresh ?? false,
          storage: {
            getItem: (key) => storage.get(key) ?? null,
            setItem: (key, value) => void storage.set(key, value),
            removeItem: (key) => void storage.delete(key),
          },
        }
      : {},
  });
  client.auth.onAuthStateChange((event) => events.push(event));
  const recorded: Recorded = { client, events, requests };
  return recorded;
}

async function signedUp(label: string) {
  const email = uniqueEmail(label);
  const recorded = recordedClient();
  const { data, error } = await recorded.client.auth.signUp({ email, password });
  expect(error).toBeNull();
  return { ...recorded, email, session: data.session as Session };
}

async function signedIn(email: string) {
  const recorded = recordedClient();
  const { data, error } = await recorded.client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { ...recorded, session: data.session as Session };
}

function raw(path: string, init: RequestInit & { bearer?: string; version?: boolean } = {}) {
  const { bearer, version = true, ...rest } = init;
  return target.fetch(`${target.url}/auth/v1${path}`, {
    ...rest,
    headers: {
      apikey: target.anonKey,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(version ? { "x-supabase-api-version": "2024-01-01" } : {}),
      ...(rest.body ? { "content-type": "application/json;charset=UTF-8" } : {}),
    },
  });
}

async function refreshRaw(refreshToken: string) {
  const response = await raw("/token?grant_type=refresh_token", {
    method: "POST",
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function totpFor(secret: string): OAuthTotp {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
}
type OAuthTotp = InstanceType<typeof OTPAuth.TOTP>;

// Only for the refresh token's reuse interval, a span of the server's own clock.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("signUp", () => {
  it("returns a session (autoconfirm) and a user in GoTrue's shape", async () => {
    const email = uniqueEmail("signup");
    const recorded = recordedClient();
    const { data, error } = await recorded.client.auth.signUp({
      email,
      password,
      options: { data: { display_name: "ليلى" } },
    });
    expect(error).toBeNull();
    if (!autoconfirm) {
      // eslint-disable-next-line vitest/no-conditional-expect -- a project that confirms addresses
      expect(data.session).toBeNull();
      return;
    }
    expect(data.session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    expect(recorded.events).toContain("SIGNED_IN");
    const user = data.user;
    expect(user).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { display_name: "ليلى", email_verified: true },
      is_anonymous: false,
    });
    expect(user).not.toHaveProperty("factors");
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(user?.identities?.[0]).toMatchObject({
      id: user?.id,
      user_id: user?.id,
      provider: "email",
      email,
      identity_data: { sub: user?.id, email },
    });
  });

  it("refuses an existing user with 422 user_already_exists", async () => {
    const { email, client } = await signedUp("twice");
    const { error } = await client.auth.signUp({ email, password });
    expect(error).toMatchObject({
      name: "AuthApiError",
      status: 422,
      code: "user_already_exists",
      message: "User already registered",
    });
  });

  it("refuses a short password with AuthWeakPasswordError and reasons ['length']", async () => {
    const { error } = await clientFor(target, target.anonKey).auth.signUp({
      email: uniqueEmail("weak"),
      password: "123",
    });
    expect(error).toMatchObject({
      name: "AuthWeakPasswordError",
      status: 422,
      code: "weak_password",
      reasons: ["length"],
    });
  });

  const refusals: [string, string, string, number, string][] = [
    ["a 73-character password", "long@example.com", "x".repeat(73), 400, "validation_failed"],
    ["an address without @", "not-an-address", password, 400, "validation_failed"],
  ];
  it.each(refusals)("refuses %s", async (_label, email, secret, status, code) => {
    const { error } = await clientFor(target, target.anonKey).auth.signUp({
      email,
      password: secret,
    });
    expect(error).toMatchObject({ status, code });
  });
});

describe("signInWithPassword", () => {
  it("answers a wrong password and an unknown email alike", async () => {
    const { email } = await signedUp("signin");
    const client = clientFor(target, target.anonKey);
    const wrong = await client.auth.signInWithPassword({ email, password: "wrong password" });
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail("nobody"),
      password,
    });
    for (const { error, data } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        name: "AuthApiError",
        status: 400,
        code: "invalid_credentials",
        message: "Invalid login credentials",
      });
    }
  });

  it("issues an access token with GoTrue's claims, in order", async () => {
    const { email } = await signedUp("claims");
    const { session, events } = await signedIn(email);
    expect(events).toContain("SIGNED_IN");
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims)).toEqual([
      "iss",
      "sub",
      "aud",
      "exp",
      "iat",
      "email",
      "phone",
      "app_metadata",
      "user_metadata",
      "role",
      "aal",
      "amr",
      "session_id",
      "is_anonymous",
    ]);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) as unknown }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/u) as unknown,
      is_anonymous: false,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(session.expires_in);
    expect(session.refresh_token).toMatch(/^[a-z2-7]{12}$/u);
  });

  it.runIf(Boolean(process.env.CONTRACT_JWT_SECRET) || !process.env.CONTRACT_SUPABASE_URL)(
    "signs the access token with the project's JWT secret (HS256)",
    async () => {
      const { session } = await signedUp("signed");
      const { payload, protectedHeader } = await jwtVerify(
        session.access_token,
        new TextEncoder().encode(target.jwtSecret),
      );
      expect(protectedHeader).toMatchObject({ alg: "HS256", typ: "JWT" });
      expect(payload.sub).toBe(session.user.id);
    },
  );

  it("keeps the session under sb-<first host label>-auth-token", async () => {
    const storage = new Map<string, string>();
    const { email } = await signedUp("storage");
    const recorded = recordedClient({ storage });
    await recorded.client.auth.signInWithPassword({ email, password });
    const key = `sb-${new URL(target.url).hostname.split(".")[0]}-auth-token`;
    expect(JSON.parse(storage.get(key) ?? "{}")).toMatchObject({
      access_token: expect.any(String) as unknown,
      refresh_token: expect.any(String) as unknown,
      expires_at: expect.any(Number) as unknown,
      user: { email },
    });
  });
});

describe("getUser and getSession", () => {
  it("reads the user from GET /user; getSession makes no request", async () => {
    const { client, session, requests } = await signedUp("getuser");
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(session.user.id);
    const before = requests.length;
    const current = await client.auth.getSession();
    expect(current.data.session?.access_token).toBe(session.access_token);
    expect(requests.length).toBe(before);
  });

  const bearers: [string, () => string | undefined, number, string, string][] = [
    [
      "no bearer",
      () => undefined,
      401,
      "no_authorization",
      "This endpoint requires a valid Bearer token",
    ],
    ["the anon key", () => target.anonKey, 403, "bad_jwt", "invalid claim: missing sub claim"],
    [
      "a token of three dots",
      () => "a.b.c",
      403,
      "bad_jwt",
      "invalid JWT: unable to parse or verify signature, ",
    ],
  ];
  it.each(bearers)("answers GET /user with %s", async (_label, bearer, status, code, message) => {
    const token = bearer();
    const response = await raw("/user", token ? { bearer: token } : {});
    expect(response.status).toBe(status);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message.startsWith(message)).toBe(true);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
  });

  it.runIf(!process.env.CONTRACT_SUPABASE_URL || Boolean(process.env.CONTRACT_JWT_SECRET))(
    "answers an expired user token with 403 bad_jwt",
    async () => {
      const { session } = await signedUp("expired");
      const claims = decodeJwt(session.access_token);
      const expired = await new SignJWT({ ...claims, iat: 1_700_000_000, exp: 1_700_000_060 })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(target.jwtSecret));
      const response = await raw("/user", { bearer: expired });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        code: "bad_jwt",
        message: expect.stringContaining("expired") as unknown,
      });
    },
  );
});

describe("updateUser", () => {
  it("merges user_metadata and emits USER_UPDATED", async () => {
    const { client, events } = await signedUp("update");
    const { data, error } = await client.auth.updateUser({ data: { city: "Amman" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ city: "Amman", email_verified: true });
    expect(events.at(-1)).toBe("USER_UPDATED");
    const removed = await client.auth.updateUser({ data: { city: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty("city");
  });

  it("changes the password and ends the other sessions", async () => {
    const { client, email } = await signedUp("password");
    const other = await signedIn(email);
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
    const { error } = await client.auth.updateUser({ password: "a new long password" });
    expect(error).toBeNull();
    expect((await refreshRaw(other.session.refresh_token)).body).toMatchObject({
      code: "refresh_token_not_found",
    });
    const old = await clientFor(target, target.anonKey).auth.signInWithPassword({
      email,
      password,
    });
    expect(old.error).toMatchObject({ code: "invalid_credentials" });
    const fresh = await clientFor(target, target.anonKey).auth.signInWithPassword({
      email,
      password: "a new long password",
    });
    expect(fresh.error).toBeNull();
  });
});

describe("refresh tokens", () => {
  it("rotates on refreshSession and emits TOKEN_REFRESHED", async () => {
    const { client, session, events } = await signedUp("refresh");
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(events.at(-1)).toBe("TOKEN_REFRESHED");
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? "").session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );
  });

  it("gives the active token back to its parent, any number of times", async () => {
    const { session } = await signedUp("parent");
    const child = await refreshRaw(session.refresh_token);
    expect(child.status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await refreshRaw(session.refresh_token);
      expect(again.status).toBe(200);
      expect(again.body.refresh_token).toBe(child.body.refresh_token);
      expect(again.body.access_token).toEqual(expect.any(String));
    }
  });

  it("issues a new child to a grandparent within the reuse interval", async () => {
    const { session } = await signedUp("interval");
    const child = await refreshRaw(session.refresh_token);
    const grandchild = await refreshRaw(String(child.body.refresh_token));
    const reused = await refreshRaw(session.refresh_token);
    expect(reused.status).toBe(200);
    expect(reused.body.refresh_token).not.toBe(grandchild.body.refresh_token);
  });

  it(
    "revokes the whole family when a grandparent comes back after the interval",
    async () => {
      const { session } = await signedUp("family");
      const child = await refreshRaw(session.refresh_token);
      const grandchild = await refreshRaw(String(child.body.refresh_token));
      await sleep(target.refreshTokenReuseInterval * 1000 + 1100);
      const stolen = await refreshRaw(session.refresh_token);
      expect(stolen).toEqual({
        status: 400,
        body: {
          code: "refresh_token_already_used",
          message: "Invalid Refresh Token: Already Used",
        },
      });
      await sleep(target.refreshTokenReuseInterval * 1000 + 1100);
      const current = await refreshRaw(String(grandchild.body.refresh_token));
      expect(current.body).toMatchObject({ code: "refresh_token_already_used" });
    },
    (target?.refreshTokenReuseInterval ?? 10) * 2000 + 30_000,
  );

  const malformed: [string, string][] = [
    ["too short", "abc"],
    ["upper case", "ABCDEFGHIJKL"],
  ];
  it.each(malformed)(
    "refuses a %s refresh token with 400 validation_failed",
    async (_label, token) => {
      expect(await refreshRaw(token)).toEqual({
        status: 400,
        body: { code: "validation_failed", message: "Refresh token is not valid" },
      });
    },
  );

  it("answers an unknown grant_type with 400 invalid_credentials", async () => {
    const response = await raw("/token?grant_type=magic", { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "invalid_credentials",
      message: "unsupported_grant_type",
    });
  });
});

describe("signOut", () => {
  it("ends every session by default: SIGNED_OUT, then session_not_found and refresh_token_not_found", async () => {
    const { client, session, events, email } = await signedUp("signout");
    const elsewhere = await signedIn(email);
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect(events.at(-1)).toBe("SIGNED_OUT");
    const user = await raw("/user", { bearer: session.access_token });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
    for (const token of [session.refresh_token, elsewhere.session.refresh_token]) {
      expect(await refreshRaw(token)).toEqual({
        status: 400,
        body: {
          code: "refresh_token_not_found",
          message: "Invalid Refresh Token: Refresh Token Not Found",
        },
      });
    }
    const missing = await elsewhere.client.auth.getUser();
    expect(missing.error).toMatchObject({ name: "AuthSessionMissingError" });
  });

  it("ends only the others with scope others, only this one with scope local", async () => {
    const { email, client, session } = await signedUp("scopes");
    const second = await signedIn(email);
    const third = await signedIn(email);
    const others = await second.client.auth.signOut({ scope: "others" });
    expect(others.error).toBeNull();
    expect(second.events).not.toContain("SIGNED_OUT");
    expect((await refreshRaw(session.refresh_token)).status).toBe(400);
    expect((await refreshRaw(third.session.refresh_token)).status).toBe(400);
    expect((await second.client.auth.getUser()).error).toBeNull();

    const fourth = await signedIn(email);
    const local = await second.client.auth.signOut({ scope: "local" });
    expect(local.error).toBeNull();
    expect(second.events.at(-1)).toBe("SIGNED_OUT");
    expect((await refreshRaw(second.session.refresh_token)).status).toBe(400);
    expect((await fourth.client.auth.getUser()).error).toBeNull();
    void client;
  });

  it("refuses an unknown scope with 400 validation_failed and sends 204 otherwise", async () => {
    const { session } = await signedUp("scope");
    const refused = await raw("/logout?scope=everywhere", {
      method: "POST",
      bearer: session.access_token,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "validation_failed" });
    const done = await raw("/logout", { method: "POST", bearer: session.access_token });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe("");
  });

  it("answers the anon key as Bearer on /logout and /factors with 403 bad_jwt", async () => {
    for (const [path, method] of [
      ["/logout", "POST"],
      ["/factors", "POST"],
    ] as const) {
      const response = await raw(path, { method, bearer: target.anonKey, body: "{}" });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        code: "bad_jwt",
        message: "invalid claim: missing sub claim",
      });
    }
  });
});

describe("TOTP multi-factor authentication", () => {
  it("goes from enrollment to aal2 and back, with codes from an independent library", async () => {
    const { client, email, events, session: first } = await signedUp("mfa");
    const bystander = await signedIn(email);

    const enrolled = await client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "phone",
      issuer: "Kalima · كلمة",
    });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe("totp");
    expect(factor.friendly_name).toBe("phone");
    expect(factor.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/u);
    const uri = OTPAuth.URI.parse(factor.totp.uri);
    expect(uri).toMatchObject({ issuer: "Kalima · كلمة", label: email, digits: 6, period: 30 });
    expect(uri.algorithm).toBe("SHA1");

    const conflict = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
    expect(conflict.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });

    const totp = totpFor(factor.totp.secret);
    const wrongChallenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(wrongChallenge.data).toMatchObject({
      type: "totp",
      expires_at: expect.any(Number) as unknown,
    });
    const wrongCode = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: wrongChallenge.data!.id,
      code: wrongCode,
    });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: "mfa_verification_failed",
      message: "Invalid TOTP code entered",
    });

    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const code = totp.generate();
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code,
    });
    expect(verified.error).toBeNull();
    expect(events.at(-1)).toBe("MFA_CHALLENGE_VERIFIED");
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual([
      "totp",
      "password",
    ]);
    expect(claims.session_id).toBe(decodeJwt(first.access_token).session_id);
    expect(verified.data!.refresh_token).not.toBe(first.refresh_token);
    expect(verified.data!.user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: "verified", factor_type: "totp" }),
    ]);

    const again = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code,
    });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_ip_address_mismatch" });

    // The user's other aal1 session ended when the factor was verified.
    const ended = await raw("/user", { bearer: bystander.session.access_token });
    expect(await ended.json()).toMatchObject({ code: "session_not_found" });

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp.map((entry) => entry.id)).toEqual([factor.id]);

    const refreshed = await client.auth.refreshSession();
    expect(events.at(-1)).toBe("TOKEN_REFRESHED");
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe("aal2");

    // A new password sign-in is aal1 and may neither add nor remove a factor.
    const lower = await signedIn(email);
    const lowerLevel = await lower.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(lowerLevel.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const second = await lower.client.auth.mfa.enroll({ factorType: "totp", friendlyName: "two" });
    expect(second.error).toMatchObject({ status: 403, code: "insufficient_aal" });
    const early = await lower.client.auth.mfa.unenroll({ factorId: factor.id });
    expect(early.error).toMatchObject({ status: 422, code: "insufficient_aal" });
    const password = await lower.client.auth.updateUser({ password: "another long password" });
    expect(password.error).toMatchObject({ status: 401, code: "insufficient_aal" });

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed).toEqual({ data: { id: factor.id }, error: null });
    const after = await client.auth.mfa.listFactors();
    expect(after.data?.totp).toEqual([]);
    const downgraded = await client.auth.refreshSession();
    expect(decodeJwt(downgraded.data.session!.access_token).aal).toBe("aal1");
  });

  it.runIf(!process.env.CONTRACT_SUPABASE_URL)(
    "accepts a code once: the same code is refused on a new challenge",
    async () => {
      const { client } = await signedUp("replay");
      const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
      const code = totpFor(factor!.totp.secret).generate();
      const accepted = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code });
      expect(accepted.error).toBeNull();
      const replayed = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code });
      expect(replayed.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    },
  );

  it("reads Arabic-Indic digits as their Latin values", async () => {
    const { client } = await signedUp("arabic");
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const latin = totpFor(factor!.totp.secret).generate();
    const arabic = latin.replace(/\d/gu, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: arabic,
    });
    // Ours reads Arabic-Indic digits as an Arabic speaker's phone types them; GoTrue does not.
    expect(error && { status: error.status }).toEqual(ours() ? null : { status: 422 });
  });

  it("answers an unknown factor with 404 mfa_factor_not_found", async () => {
    const { client } = await signedUp("nofactor");
    const { error } = await client.auth.mfa.challenge({
      factorId: "6f0e3c1e-1111-4222-8333-444455556666",
    });
    expect(error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });
});

describe("the sequence of auth events", () => {
  it("is INITIAL_SESSION, SIGNED_IN, SIGNED_IN, TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED, SIGNED_OUT", async () => {
    const email = uniqueEmail("events");
    const recorded = recordedClient();
    await recorded.client.auth.signUp({ email, password });
    await recorded.client.auth.signInWithPassword({ email, password });
    await recorded.client.auth.refreshSession();
    const { data: factor } = await recorded.client.auth.mfa.enroll({ factorType: "totp" });
    await recorded.client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: totpFor(factor!.totp.secret).generate(),
    });
    await recorded.client.auth.signOut();
    // The client tells its listeners after the call resolves.
    await vi.waitFor(() =>
      expect(recorded.events).toEqual([
        "INITIAL_SESSION",
        "SIGNED_IN",
        "SIGNED_IN",
        "TOKEN_REFRESHED",
        "MFA_CHALLENGE_VERIFIED",
        "SIGNED_OUT",
      ]),
    );
  });
});

describe("the gateway and the informational endpoints", () => {
  it("needs an apikey on /auth/v1 except where a browser navigates", async () => {
    const missing = await target.fetch(`${target.url}/auth/v1/user`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: "No API key found in request" });
    const invalid = await target.fetch(`${target.url}/auth/v1/user`, {
      headers: { apikey: "not-a-key" },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ message: "Invalid API key" });
  });

  it("answers GET /health and GET /settings", async () => {
    const health = await raw("/health");
    expect(await health.json()).toMatchObject({
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    });
    const settings = await raw("/settings");
    expect(await settings.json()).toMatchObject({
      external: expect.objectContaining({ email: true }) as unknown,
      disable_signup: expect.any(Boolean) as unknown,
      mailer_autoconfirm: expect.any(Boolean) as unknown,
    });
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("our server with other settings", () => {
  it("without autoconfirm: a bare user, an obfuscated repeat, and email_not_confirmed", async () => {
    const strict = await contractTarget({ auth: { autoconfirm: false } });
    try {
      const client = clientFor(strict, strict.anonKey);
      const email = uniqueEmail("unconfirmed");
      const first = await client.auth.signUp({ email, password });
      expect(first.error).toBeNull();
      expect(first.data.session).toBeNull();
      expect(first.data.user).toMatchObject({ email });
      expect(first.data.user).not.toHaveProperty("email_confirmed_at");
      const repeat = await client.auth.signUp({ email, password });
      expect(repeat.error).toBeNull();
      expect(repeat.data.user?.id).not.toBe(first.data.user?.id);
      expect(repeat.data.user?.identities).toEqual([]);
      const signIn = await client.auth.signInWithPassword({ email, password });
      expect(signIn.error).toMatchObject({
        status: 400,
        code: "email_not_confirmed",
        message: "Email not confirmed",
      });
    } finally {
      await strict.close();
    }
  });

  it("limits requests per client address with 429 over_request_rate_limit", async () => {
    const limited = await contractTarget({
      auth: { rateLimits: { enabled: true, token: 1, signup: 1, mfa: 1, verify: 1 } },
    });
    try {
      const client = clientFor(limited, limited.anonKey);
      const outcomes: (number | undefined)[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        const { error } = await client.auth.signUp({ email: uniqueEmail("burst"), password: "1" });
        outcomes.push(error?.status);
      }
      expect(outcomes.slice(0, 30).every((status) => status === 422)).toBe(true);
      const { error } = await client.auth.signUp({ email: uniqueEmail("burst"), password });
      expect(error).toMatchObject({
        status: 429,
        code: "over_request_rate_limit",
        message: "Request rate limit reached",
      });
    } finally {
      await limited.close();
    }
  });

  it("limits following links (/verify) by its own setting, 30 per 5 minutes unless raised", async () => {
    const outcomesAt = async (verify: number) => {
      const target = await contractTarget({
        auth: { rateLimits: { enabled: true, token: 150, signup: 30, mfa: 15, verify } },
      });
      try {
        const client = clientFor(target, target.anonKey);
        const statuses: (number | undefined)[] = [];
        for (let attempt = 0; attempt < 40; attempt += 1) {
          const { error } = await client.auth.verifyOtp({
            type: "recovery",
            token_hash: `not-a-token-${attempt}`,
          });
          statuses.push(error?.status);
        }
        return statuses;
      } finally {
        await target.close();
      }
    };
    const standard = await outcomesAt(30);
    expect(standard.slice(0, 30).includes(429)).toBe(false);
    expect(standard.slice(30).every((status) => status === 429)).toBe(true);
    expect((await outcomesAt(100_000)).includes(429)).toBe(false);
  });

  it("refreshes on the first tick when the access token lives 120 s or less", async () => {
    const short = await contractTarget({ jwtExpiry: 60 });
    try {
      const client = clientFor(short, short.anonKey);
      const events: AuthChangeEvent[] = [];
      client.auth.onAuthStateChange((event) => events.push(event));
      await client.auth.signUp({ email: uniqueEmail("tick"), password });
      await client.auth.startAutoRefresh();
      await expect.poll(() => events, { timeout: 5000 }).toContain("TOKEN_REFRESHED");
      await client.auth.stopAutoRefresh();
    } finally {
      await short.close();
    }
  });
});
