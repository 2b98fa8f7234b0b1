import { createHash } from "node:crypto";
import { decodeJwt, SignJWT } from "jose";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { hashPassword, passwordPool } from "./passwords.ts";

// HTTP conversations with /auth/v1: exact statuses, headers and bodies, errors as tables.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const password = "correct horse battery";
let counter = 0;
const newEmail = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;

interface Call {
  method?: string;
  body?: unknown;
  bearer?: string;
  key?: string | null;
  /** Send X-Supabase-Api-Version: 2024-01-01, as auth-js does (default true). */
  modern?: boolean;
  ip?: string;
  headers?: Record<string, string>;
}

function call(path: string, init: Call = {}) {
  const key = init.key === undefined ? server.keys.anon : init.key;
  const headers: Record<string, string> = {
    ...(key ? { apikey: key } : {}),
    ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    ...(init.modern === false ? {} : { "x-supabase-api-version": "2024-01-01" }),
    ...(init.body !== undefined ? { "content-type": "application/json;charset=UTF-8" } : {}),
    ...init.headers,
  };
  const body =
    init.body === undefined
      ? undefined
      : typeof init.body === "string"
        ? init.body
        : JSON.stringify(init.body);
  const env = { incoming: { socket: { remoteAddress: init.ip ?? "192.0.2.10" } } };
  return server.app.request(
    `/auth/v1${path}`,
    { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body },
    env,
  );
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

async function signUp(label = "user") {
  const email = newEmail(label);
  const response = await call("/signup", { body: { email, password, data: {} } });
  expect(response.status).toBe(200);
  const session = (await json(response)) as {
    access_token: string;
    refresh_token: string;
    user: { id: string };
  };
  return { email, ...session };
}

describe("error shapes", () => {
  it("answers {code,message} and echoes the version header when auth-js sends it", async () => {
    const response = await call("/token?grant_type=password", {
      body: { email: "nobody@example.com", password },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(response.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(await response.json()).toEqual({
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
  });

  it("answers the legacy {code,error_code,msg} without the version header", async () => {
    const response = await call("/token?grant_type=password", {
      body: { email: "nobody@example.com", password },
      modern: false,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBeNull();
    expect(response.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("puts weak_password.reasons beside the message, in both shapes", async () => {
    for (const modern of [true, false]) {
      const response = await call("/signup", {
        body: { email: newEmail("weak"), password: "short" },
        modern,
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual(
        modern
          ? {
              code: "weak_password",
              message: "Password should be at least 8 characters.",
              weak_password: { reasons: ["length"] },
            }
          : {
              code: 422,
              error_code: "weak_password",
              msg: "Password should be at least 8 characters.",
              weak_password: { reasons: ["length"] },
            },
      );
    }
  });

  it("exposes the version header to other origins, or error codes are lost", async () => {
    const response = await call("/health", { headers: { origin: "https://allowed.example" } });
    expect(response.headers.get("access-control-expose-headers")).toContain(
      "X-Supabase-Api-Version",
    );
  });
});

describe("the gateway", () => {
  const cases: [string, string, string | null, number][] = [
    ["GET /health without a key", "/health", null, 401],
    ["POST /signup with a bogus key", "/signup", "bogus", 401],
    ["GET /authorize without a key", "/authorize?provider=github", null, 400],
    ["GET /callback without a key", "/callback", null, 400],
  ];
  it.each(cases)("%s answers %i", async (_label, path, key, status) => {
    const response = await call(path, { key, ...(path === "/signup" ? { body: {} } : {}) });
    expect(response.status).toBe(status);
  });
});

describe("POST /signup", () => {
  it("answers 200 with a session whose user has GoTrue's fields", async () => {
    const email = newEmail("Shape").toUpperCase();
    const response = await call("/signup", {
      body: { email, password, data: { lang: "ar" }, gotrue_meta_security: {} },
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(Object.keys(body)).toEqual([
      "access_token",
      "token_type",
      "expires_in",
      "expires_at",
      "refresh_token",
      "user",
    ]);
    const user = body.user as Record<string, unknown>;
    expect(user.email).toBe(email.toLowerCase());
    expect(Object.keys(user)).toEqual([
      "id",
      "aud",
      "role",
      "email",
      "email_confirmed_at",
      "phone",
      "confirmed_at",
      "last_sign_in_at",
      "app_metadata",
      "user_metadata",
      "identities",
      "created_at",
      "updated_at",
      "is_anonymous",
    ]);
    const { rows } = await server.db.query<{ encrypted_password: string }>(
      "select encrypted_password from auth.users where id = $1",
      [user.id],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[ab]\$10\$/u);
  });

  const refusals: [string, unknown, number, string, string][] = [
    ["malformed JSON", '{"email":', 400, "bad_json", "Could not parse request body as JSON"],
    ["an array", "[]", 400, "bad_json", "Could not parse request body as JSON"],
    [
      "metadata nested 30,000 levels deep",
      `{"email":"deep@example.com","password":"${password}","data":{"a":${"[".repeat(30_000)}${"]".repeat(30_000)}}}`,
      400,
      "bad_json",
      "Could not parse request body as JSON: the body nests deeper than 64 levels",
    ],
    ["a numeric email", { email: 7, password }, 400, "bad_json", "Could not parse"],
    [
      "no password",
      { email: "a@example.com" },
      400,
      "validation_failed",
      "Signup requires a valid password",
    ],
    [
      "a 7-character password",
      { email: "a@example.com", password: "1234567" },
      422,
      "weak_password",
      "Password should be at least 8 characters.",
    ],
    [
      "a 73-byte password",
      { email: "a@example.com", password: "x".repeat(73) },
      400,
      "validation_failed",
      "Password cannot be longer than 72 characters",
    ],
    [
      "neither email nor phone (an anonymous sign-in, which is off)",
      { password },
      422,
      "anonymous_provider_disabled",
      "Anonymous sign-ins are disabled",
    ],
    [
      "a phone",
      { phone: "+962790000000", password },
      400,
      "phone_provider_disabled",
      "Phone signups are disabled",
    ],
    [
      "an email and a phone",
      { email: "a@example.com", phone: "+1", password },
      400,
      "validation_failed",
      "Only an email address or phone number",
    ],
    [
      "an invalid email",
      { email: "a@@example", password },
      400,
      "validation_failed",
      "Unable to validate email address: invalid format",
    ],
  ];
  it.each(refusals)("refuses %s", async (_label, body, status, code, message) => {
    const response = await call("/signup", { body });
    expect(response.status).toBe(status);
    const answer = await json(response);
    expect(answer.code).toBe(code);
    expect(String(answer.message).startsWith(message)).toBe(true);
  });

  it("checks the password before the user's existence, then answers 422 user_already_exists", async () => {
    const { email } = await signUp("exists");
    const weak = await call("/signup", { body: { email, password: "short" } });
    expect((await json(weak)).code).toBe("weak_password");
    const again = await call("/signup", { body: { email: email.toUpperCase(), password } });
    expect(again.status).toBe(422);
    expect(await json(again)).toEqual({
      code: "user_already_exists",
      message: "User already registered",
    });
  });

  it("refuses every sign-up with 422 signup_disabled when sign-ups are off, and stores no user", async () => {
    const closed = await startTestServer({ auth: { disableSignup: true } });
    try {
      const email = newEmail("closed");
      const response = await closed.app.request("/auth/v1/signup", {
        method: "POST",
        headers: {
          apikey: closed.keys.anon,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ email, password }),
      });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({
        code: "signup_disabled",
        message: "Signups not allowed for this instance",
      });
      const { rows } = await closed.db.query("select 1 from auth.users where email = $1", [email]);
      expect(rows).toEqual([]);
      const settings = await closed.app.request("/auth/v1/settings", {
        headers: { apikey: closed.keys.anon },
      });
      expect((await json(settings)).disable_signup).toBe(true);
    } finally {
      await closed.close();
    }
  }, 120_000);
});

describe("POST /token?grant_type=password", () => {
  it("answers an unknown email and a wrong password alike, after the same bcrypt work", async () => {
    const { email } = await signUp("timing");
    const compare = vi.spyOn(passwordPool, "compare");
    try {
      const attempt = async (body: unknown) => {
        const before = compare.mock.calls.length;
        const answer = await json(await call("/token?grant_type=password", { body }));
        return { answer, comparisons: compare.mock.calls.length - before };
      };
      const wrong = await attempt({ email, password: "wrong password" });
      const unknown = await attempt({ email: newEmail("nobody"), password });
      expect(unknown).toEqual(wrong);
      expect(unknown.comparisons).toBe(1);
    } finally {
      compare.mockRestore();
    }
  });

  it("refuses sign-ins past the password threads' queue at once with 429, the rest as ever", async () => {
    const { email } = await signUp("flood");
    const { threads, waiting } = passwordPool.size;
    const attempts = 3 * (threads + waiting) + 10;
    const answers = await Promise.all(
      Array.from({ length: attempts }, async (_, index) => {
        const response = await call("/token?grant_type=password", {
          body: { email, password: "wrong password" },
          ip: `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        });
        return `${response.status} ${(await json(response)).code as string}`;
      }),
    );
    const refused = answers.filter((answer) => answer === "429 over_request_rate_limit");
    const checked = answers.filter((answer) => answer === "400 invalid_credentials");
    expect(refused.length + checked.length).toBe(attempts);
    expect(refused.length).toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThanOrEqual(threads + waiting);
    const after = await call("/token?grant_type=password", { body: { email, password } });
    expect(after.status).toBe(200);
  });

  it("signs in with a password that has become too short, and says so", async () => {
    const strict = await startTestServer({ auth: { passwordMinLength: 12 } });
    try {
      const email = newEmail("weakened");
      const signedUp = await strict.app.request("/auth/v1/signup", {
        method: "POST",
        headers: { apikey: strict.keys.anon, "content-type": "application/json" },
        body: JSON.stringify({ email, password: "long enough password" }),
      });
      expect(signedUp.status).toBe(200);
      await strict.db.query("update auth.users set encrypted_password = $2 where email = $1", [
        email,
        await hashPassword("only9char"),
      ]);
      const response = await strict.app.request("/auth/v1/token?grant_type=password", {
        method: "POST",
        headers: { apikey: strict.keys.anon, "content-type": "application/json" },
        body: JSON.stringify({ email, password: "only9char" }),
      });
      expect(response.status).toBe(200);
      expect((await json(response)).weak_password).toEqual({
        message: "Password should be at least 12 characters.",
        reasons: ["length"],
      });
    } finally {
      await strict.close();
    }
  });

  const refusals: [string, unknown, number, string][] = [
    ["no email or phone", { password }, 400, "validation_failed"],
    ["a phone", { phone: "+1555", password }, 422, "phone_provider_disabled"],
    [
      "an email and a phone",
      { email: "a@example.com", phone: "+1", password },
      400,
      "validation_failed",
    ],
  ];
  it.each(refusals)("refuses %s", async (_label, body, status, code) => {
    const response = await call("/token?grant_type=password", { body });
    expect(response.status).toBe(status);
    expect((await json(response)).code).toBe(code);
  });

  it("refuses a banned user", async () => {
    const { email } = await signUp("banned");
    await server.db.query(
      "update auth.users set banned_until = now() + interval '1 day' where email = $1",
      [email],
    );
    const response = await call("/token?grant_type=password", { body: { email, password } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ code: "user_banned", message: "User is banned" });
  });
});

describe("POST /token?grant_type=refresh_token", () => {
  it("stores a child that names its parent, in the same session", async () => {
    const session = await signUp("chain");
    const response = await call("/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    const refreshed = (await json(response)) as { refresh_token: string; access_token: string };
    const { rows } = await server.db.query<{ token: string; parent: string; revoked: boolean }>(
      "select token, parent, revoked from auth.refresh_tokens where session_id = $1 order by id",
      [decodeJwt(session.access_token).session_id],
    );
    expect(rows).toEqual([
      { token: session.refresh_token, parent: null, revoked: true },
      { token: refreshed.refresh_token, parent: session.refresh_token, revoked: false },
    ]);
  });

  it("answers a token whose session is gone with refresh_token_not_found", async () => {
    const session = await signUp("gone");
    await server.db.query("delete from auth.sessions where user_id = $1", [session.user.id]);
    const response = await call("/token?grant_type=refresh_token", {
      body: { refresh_token: session.refresh_token },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("refresh_token_not_found");
  });

  it("ends the session for good when it detects reuse, even for tokens revoked just before", async () => {
    // The hosted reuse interval, so the just-revoked token is well within it.
    const reuse = await startTestServer({ auth: { refreshTokenReuseInterval: 10 } });
    try {
      const refresh = (refreshToken: string) =>
        reuse.app.request("/auth/v1/token?grant_type=refresh_token", {
          method: "POST",
          headers: { apikey: reuse.keys.anon, "x-supabase-api-version": "2024-01-01" },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
      const signup = await reuse.app.request("/auth/v1/signup", {
        method: "POST",
        headers: { apikey: reuse.keys.anon, "content-type": "application/json" },
        body: JSON.stringify({ email: newEmail("reuse"), password }),
      });
      const first = (await signup.json()) as { refresh_token: string; access_token: string };
      const tokens = [first.refresh_token];
      for (let index = 0; index < 3; index += 1) {
        const response = await refresh(tokens.at(-1) ?? "");
        expect(response.status).toBe(200);
        tokens.push(((await response.json()) as { refresh_token: string }).refresh_token);
      }
      await reuse.db.query(
        "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
        [tokens[0]],
      );

      const detected = await refresh(tokens[0] ?? "");
      expect(detected.status).toBe(400);
      expect(await detected.json()).toMatchObject({ code: "refresh_token_already_used" });

      // The newest first: revoked by the detection a moment ago, within the reuse interval.
      for (const token of tokens.toReversed()) {
        const response = await refresh(token);
        expect({ token, status: response.status }).toEqual({ token, status: 400 });
        expect(await response.json()).toMatchObject({ code: "refresh_token_already_used" });
      }
      const user = await reuse.app.request("/auth/v1/user", {
        headers: {
          apikey: reuse.keys.anon,
          authorization: `Bearer ${first.access_token}`,
          "x-supabase-api-version": "2024-01-01",
        },
      });
      expect(user.status).toBe(403);
      expect(await user.json()).toMatchObject({ code: "session_not_found" });
    } finally {
      await reuse.close();
    }
  });

  it("limits /token per client address: the 31st request in a burst answers 429", async () => {
    const limited = await startTestServer({
      auth: { rateLimits: { enabled: true, token: 1, signup: 1, mfa: 1, verify: 1 } },
    });
    try {
      const attempt = (ip: string) =>
        limited.app.request(
          "/auth/v1/token?grant_type=refresh_token",
          {
            method: "POST",
            headers: { apikey: limited.keys.anon, "x-supabase-api-version": "2024-01-01" },
            body: JSON.stringify({ refresh_token: "aaaaaaaaaaaa" }),
          },
          { incoming: { socket: { remoteAddress: ip } } },
        );
      const statuses: number[] = [];
      for (let index = 0; index < 31; index += 1) {
        statuses.push((await attempt("198.51.100.1")).status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
      const limitedAnswer = await attempt("198.51.100.1");
      expect(await limitedAnswer.json()).toEqual({
        code: "over_request_rate_limit",
        message: "Request rate limit reached",
      });
      expect((await attempt("198.51.100.2")).status).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe("bearer tokens", () => {
  const sign = (claims: Record<string, unknown>, secret = server.jwtSecret) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(secret));

  it("answers each kind of bad token as GoTrue does", async () => {
    const session = await signUp("bearer");
    const claims = decodeJwt(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string | undefined, number, string, string][] = [
      ["none", undefined, 401, "no_authorization", "This endpoint requires a valid Bearer token"],
      [
        "two segments",
        "a.b",
        403,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments",
      ],
      [
        "another secret",
        await sign(claims, "x".repeat(40)),
        403,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid",
      ],
      [
        "an expired token",
        await sign({ ...claims, exp: now - 10 }),
        403,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
      ],
      [
        "the service_role key",
        server.keys.service_role,
        403,
        "bad_jwt",
        "invalid claim: missing sub claim",
      ],
      [
        "a sub that is not a UUID",
        await sign({ ...claims, sub: "me" }),
        400,
        "bad_jwt",
        "invalid claim: sub claim must be a UUID",
      ],
      [
        "an unknown user",
        await sign({ ...claims, sub: "6f0e3c1e-1111-4222-8333-444455556666" }),
        403,
        "user_not_found",
        "User from sub claim in JWT does not exist",
      ],
      [
        "an ended session",
        await sign({ ...claims, session_id: "6f0e3c1e-1111-4222-8333-444455556666" }),
        403,
        "session_not_found",
        "Session from session_id claim in JWT does not exist",
      ],
    ];
    for (const [label, bearer, status, code, message] of cases) {
      const response = await call("/user", { bearer });
      expect({ label, status: response.status, body: await json(response) }).toEqual({
        label,
        status,
        body: { code, message },
      });
    }
  });
});

describe("PUT /user", () => {
  const refusals: [string, unknown, number, string][] = [
    ["an email change", { email: "new@example.com" }, 422, "feature_disabled"],
    ["a phone change", { phone: "+962790000000" }, 422, "feature_disabled"],
    ["app_metadata", { app_metadata: { role: "admin" } }, 403, "not_admin"],
    ["a short password", { password: "short" }, 422, "weak_password"],
    ["its current password", { password }, 422, "same_password"],
  ];
  it.each(refusals)("refuses %s", async (_label, body, status, code) => {
    const session = await signUp("put");
    const response = await call("/user", { method: "PUT", body, bearer: session.access_token });
    expect(response.status).toBe(status);
    expect((await json(response)).code).toBe(code);
  });
});

describe("metadata limits", () => {
  const service = () => ({ key: server.keys.service_role, bearer: server.keys.service_role });
  /** An object whose compact JSON is exactly `bytes` long, in Arabic (two bytes a letter). */
  const metadataOf = (bytes: number, key = "bio") => {
    const overhead = Buffer.byteLength(JSON.stringify({ [key]: "" }));
    const letters = "ك".repeat(Math.floor((bytes - overhead) / 2));
    return { [key]: letters + "x".repeat((bytes - overhead) % 2) };
  };
  const storedMetadata = async (id: string) => {
    const { rows } = await server.db.query<{ user: unknown; app: unknown }>(
      "select raw_user_meta_data as user, raw_app_meta_data as app from auth.users where id = $1",
      [id],
    );
    return rows[0];
  };

  it("refuses sign-up data past 4 kB of JSON with its size, and creates nobody", async () => {
    const email = newEmail("large");
    // With autoconfirm the stored object gains "email_verified": true (22 bytes).
    const response = await call("/signup", { body: { email, password, data: metadataOf(4075) } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      code: "validation_failed",
      message: "user_metadata is too large: 4097 bytes of JSON, at most 4096",
    });
    const { rows } = await server.db.query("select 1 from auth.users where email = $1", [email]);
    expect(rows).toEqual([]);
    const fits = await call("/signup", { body: { email, password, data: metadataOf(4074) } });
    expect(fits.status).toBe(200);
  });

  it("refuses a PUT /user that would grow user_metadata past 4 kB, and keeps what was there", async () => {
    const session = await signUp("growing");
    const first = await call("/user", {
      method: "PUT",
      body: { data: metadataOf(3000, "first") },
      bearer: session.access_token,
    });
    expect(first.status).toBe(200);
    const before = await storedMetadata(session.user.id);
    const second = await call("/user", {
      method: "PUT",
      body: { data: metadataOf(3000, "second"), password: "a new password 2" },
      bearer: session.access_token,
    });
    expect(second.status).toBe(400);
    expect(await json(second)).toMatchObject({
      code: "validation_failed",
      message: expect.stringMatching(
        /^user_metadata is too large: 60\d\d bytes of JSON, at most 4096$/u,
      ) as unknown,
    });
    expect(await storedMetadata(session.user.id)).toEqual(before);
    const signIn = await call("/token?grant_type=password", {
      body: { email: session.email, password },
    });
    expect(signIn.status).toBe(200);
    // Removing a key makes room again.
    const replaced = await call("/user", {
      method: "PUT",
      body: { data: { first: null, ...metadataOf(3000, "second") } },
      bearer: session.access_token,
    });
    expect(replaced.status).toBe(200);
  });

  it("refuses admin updates past 4 kB of user_metadata or 1 kB of app_metadata", async () => {
    const session = await signUp("admin-large");
    const before = await storedMetadata(session.user.id);
    for (const [body, message] of [
      [{ user_metadata: metadataOf(4097) }, "user_metadata is too large: 4119 bytes"],
      [{ app_metadata: metadataOf(1000, "notes") }, "app_metadata is too large: 10"],
    ] as const) {
      const response = await call(`/admin/users/${session.user.id}`, {
        method: "PUT",
        body,
        ...service(),
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        code: "validation_failed",
        message: expect.stringContaining(message) as unknown,
      });
    }
    expect(await storedMetadata(session.user.id)).toEqual(before);
  });

  it("refuses an invitation carrying more than 4 kB of data, and invites nobody", async () => {
    const email = newEmail("invited-large");
    for (const path of ["/invite", "/admin/generate_link"]) {
      const response = await call(path, {
        body: { type: "invite", email, data: metadataOf(4097) },
        ...service(),
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        code: "validation_failed",
        message: "user_metadata is too large: 4097 bytes of JSON, at most 4096",
      });
    }
    const { rows } = await server.db.query("select 1 from auth.users where email = $1", [email]);
    expect(rows).toEqual([]);
  });

  it("keeps an access token with both objects at their limits under 8 kB", async () => {
    const email = newEmail("full");
    const signedUp = await call("/signup", { body: { email, password, data: metadataOf(4074) } });
    const { user } = (await json(signedUp)) as { user: { id: string } };
    const app = { ...((await storedMetadata(user.id))?.app as object) };
    const room = 1024 - Buffer.byteLength(JSON.stringify({ ...app, notes: "" }));
    const filled = await call(`/admin/users/${user.id}`, {
      method: "PUT",
      body: { app_metadata: { notes: "x".repeat(room) } },
      ...service(),
    });
    expect(filled.status).toBe(200);
    const signIn = await call("/token?grant_type=password", { body: { email, password } });
    const token = ((await json(signIn)) as { access_token: string }).access_token;
    expect(decodeJwt(token).app_metadata).toMatchObject({ notes: "x".repeat(room) });
    expect(token.length).toBeLessThan(8192 - "Authorization: Bearer ".length);
  });
});

describe("POST /logout", () => {
  it("answers 204 with no body and deletes the session's refresh tokens with it", async () => {
    const session = await signUp("logout");
    const response = await call("/logout?scope=local", {
      method: "POST",
      bearer: session.access_token,
      headers: { "content-type": "application/json;charset=UTF-8" },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    const { rows } = await server.db.query("select 1 from auth.refresh_tokens where token = $1", [
      session.refresh_token,
    ]);
    expect(rows).toEqual([]);
  });
});

describe("TOTP factors", () => {
  async function enrolled(label: string, ip = "192.0.2.10") {
    const session = await signUp(label);
    const response = await call("/factors", {
      body: { friendly_name: "app", factor_type: "totp", issuer: "Kalima" },
      bearer: session.access_token,
      ip,
    });
    expect(response.status).toBe(200);
    const factor = (await json(response)) as {
      id: string;
      totp: { secret: string; qr_code: string; uri: string };
    };
    return {
      session,
      factor,
      totp: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) }),
    };
  }

  async function challenge(factorId: string, bearer: string, ip = "192.0.2.10") {
    const response = await call(`/factors/${factorId}/challenge`, {
      body: { factorId },
      bearer,
      ip,
    });
    expect(response.status).toBe(200);
    return (await json(response)) as { id: string; type: string; expires_at: number };
  }

  it("enrolls with a raw SVG QR code, a 32-character secret and an otpauth URI", async () => {
    const { factor, session } = await enrolled("enroll");
    expect(factor.totp.qr_code.startsWith("<svg")).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/u);
    const email = decodeJwt(session.access_token).email as string;
    expect(factor.totp.uri).toBe(
      `otpauth://totp/Kalima:${email}?algorithm=SHA1&digits=6&issuer=Kalima&period=30&secret=${factor.totp.secret}`,
    );
  });

  it("names the challenge's type and its expiry, 300 s on", async () => {
    const { factor, session } = await enrolled("challenge");
    const before = Math.floor(Date.now() / 1000);
    const answer = await challenge(factor.id, session.access_token);
    expect(answer.type).toBe("totp");
    expect(answer.expires_at - before).toBeGreaterThanOrEqual(299);
    expect(answer.expires_at - before).toBeLessThanOrEqual(301);
  });

  it("refuses a challenge verified from another address", async () => {
    const { factor, session, totp } = await enrolled("address");
    const { id } = await challenge(factor.id, session.access_token, "192.0.2.10");
    const response = await call(`/factors/${factor.id}/verify`, {
      body: { challenge_id: id, code: totp.generate() },
      bearer: session.access_token,
      ip: "192.0.2.99",
    });
    expect(response.status).toBe(422);
    expect(await json(response)).toEqual({
      code: "mfa_ip_address_mismatch",
      message: "Challenge and verify IP addresses mismatch.",
    });
  });

  it("refuses a challenge older than 300 s", async () => {
    const { factor, session, totp } = await enrolled("expired");
    const { id } = await challenge(factor.id, session.access_token);
    await server.db.query(
      "update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1",
      [id],
    );
    const response = await call(`/factors/${factor.id}/verify`, {
      body: { challenge_id: id, code: totp.generate() },
      bearer: session.access_token,
    });
    expect(response.status).toBe(422);
    expect((await json(response)).code).toBe("mfa_challenge_expired");
  });

  it("forgets unverified factors after 300 s", async () => {
    const { factor, session } = await enrolled("stale");
    await server.db.query(
      "update auth.mfa_factors set created_at = now() - interval '301 seconds' where id = $1",
      [factor.id],
    );
    const response = await call(`/factors/${factor.id}/challenge`, {
      body: {},
      bearer: session.access_token,
    });
    expect(response.status).toBe(404);
    expect(
      (await json(await call("/user", { bearer: session.access_token }))).factors,
    ).toBeUndefined();
  });

  it("shows the secret at enrollment only", async () => {
    const { session, factor } = await enrolled("secret");
    const user = await call("/user", { bearer: session.access_token });
    expect(await user.text()).not.toContain(factor.totp.secret);
  });

  const refusals: [string, Record<string, unknown>, number, string][] = [
    ["a phone factor", { factor_type: "phone" }, 422, "mfa_phone_enroll_not_enabled"],
    ["a webauthn factor", { factor_type: "webauthn" }, 422, "mfa_webauthn_enroll_not_enabled"],
    ["an unknown type", { factor_type: "sms" }, 400, "validation_failed"],
    [
      "a duplicate name",
      { factor_type: "totp", friendly_name: "app" },
      422,
      "mfa_factor_name_conflict",
    ],
  ];
  it.each(refusals)("refuses to enroll %s", async (_label, body, status, code) => {
    const { session } = await enrolled("refuse");
    const response = await call("/factors", { body, bearer: session.access_token });
    expect(response.status).toBe(status);
    expect((await json(response)).code).toBe(code);
  });

  it("refuses an eleventh factor", async () => {
    const session = await signUp("many");
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await call("/factors", {
        body: { factor_type: "totp", friendly_name: `factor ${index}` },
        bearer: session.access_token,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 422]);
  });

  it("answers verify errors as GoTrue does", async () => {
    const { factor, session } = await enrolled("verify");
    const cases: [string, string, unknown, number, string][] = [
      ["an empty code", factor.id, { challenge_id: "x", code: "" }, 400, "validation_failed"],
      [
        "a challenge id that is no UUID",
        factor.id,
        { challenge_id: "x", code: "123456" },
        400,
        "bad_json",
      ],
      [
        "an unknown challenge",
        factor.id,
        { challenge_id: "6f0e3c1e-1111-4222-8333-444455556666", code: "123456" },
        422,
        "mfa_factor_not_found",
      ],
      [
        "a factor id that is no UUID",
        "nope",
        { challenge_id: "x", code: "1" },
        404,
        "validation_failed",
      ],
      [
        "an unknown factor",
        "6f0e3c1e-1111-4222-8333-444455556666",
        { challenge_id: "x", code: "1" },
        404,
        "mfa_factor_not_found",
      ],
    ];
    for (const [label, factorId, body, status, code] of cases) {
      const response = await call(`/factors/${factorId}/verify`, {
        body,
        bearer: session.access_token,
      });
      expect({ label, status: response.status, code: (await json(response)).code }).toEqual({
        label,
        status,
        code,
      });
    }
  });

  it("does not let one user use another's factor", async () => {
    const { factor } = await enrolled("owner");
    const stranger = await signUp("stranger");
    const response = await call(`/factors/${factor.id}/challenge`, {
      body: {},
      bearer: stranger.access_token,
    });
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe("mfa_factor_not_found");
  });

  const wrongCode = (totp: OTPAuth.TOTP) =>
    String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, "0");

  it("lets a challenge die at its first wrong code", async () => {
    const { factor, session, totp } = await enrolled("once");
    const { id } = await challenge(factor.id, session.access_token);
    const verify = (code: string) =>
      call(`/factors/${factor.id}/verify`, {
        body: { challenge_id: id, code },
        bearer: session.access_token,
      });
    const wrong = await verify(wrongCode(totp));
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).code).toBe("mfa_verification_failed");
    const retried = await verify(totp.generate());
    expect(retried.status).toBe(422);
    expect((await json(retried)).code).toBe("mfa_factor_not_found");
  });

  it("locks a factor after 5 wrong codes in 15 minutes, before looking at the code", async () => {
    const { factor, session, totp } = await enrolled("guesses");
    const verify = async (code: string) => {
      const { id } = await challenge(factor.id, session.access_token);
      return call(`/factors/${factor.id}/verify`, {
        body: { challenge_id: id, code },
        bearer: session.access_token,
      });
    };
    const answers: [number, unknown][] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await verify(wrongCode(totp));
      answers.push([response.status, (await json(response)).code]);
    }
    expect(answers).toEqual([
      ...Array<[number, string]>(5).fill([422, "mfa_verification_failed"]),
      [429, "over_request_rate_limit"],
    ]);

    const locked = await verify(totp.generate());
    expect(locked.status).toBe(429);
    expect(await json(locked)).toEqual({
      code: "over_request_rate_limit",
      message: "Too many failed MFA verification attempts, try again later",
    });

    // Fifteen minutes on, the failures have left the window.
    await server.db.query(
      `update auth.mfa_verification_failures set created_at = created_at - interval '15 minutes'
        where user_id = $1`,
      [session.user.id],
    );
    const unlocked = await verify(totp.generate());
    expect(unlocked.status).toBe(200);
  });

  it("locks a user after 10 wrong codes across factors", async () => {
    const session = await signUp("spread");
    const factors: { id: string; totp: OTPAuth.TOTP }[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await call("/factors", {
        body: { friendly_name: `app ${index}`, factor_type: "totp" },
        bearer: session.access_token,
      });
      const body = (await json(response)) as { id: string; totp: { secret: string } };
      factors.push({
        id: body.id,
        totp: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(body.totp.secret) }),
      });
    }
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const target = factors[index % 3]!;
      const { id } = await challenge(target.id, session.access_token);
      const response = await call(`/factors/${target.id}/verify`, {
        body: { challenge_id: id, code: wrongCode(target.totp) },
        bearer: session.access_token,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
  });

  it("verifies once, raises the session to aal2 and drops it to aal1 on unenroll", async () => {
    const { factor, session, totp } = await enrolled("levels");
    const { id } = await challenge(factor.id, session.access_token);
    const verified = await call(`/factors/${factor.id}/verify`, {
      body: { challenge_id: id, code: totp.generate() },
      bearer: session.access_token,
    });
    expect(verified.status).toBe(200);
    const aal2 = (await json(verified)) as { access_token: string; refresh_token: string };
    const sessionId = decodeJwt(session.access_token).session_id;
    const stored = async () =>
      (
        await server.db.query<{ aal: string; factor_id: string | null }>(
          "select aal, factor_id from auth.sessions where id = $1",
          [sessionId],
        )
      ).rows[0];
    expect(await stored()).toEqual({ aal: "aal2", factor_id: factor.id });
    const removed = await call(`/factors/${factor.id}`, {
      method: "DELETE",
      bearer: aal2.access_token,
      headers: { "content-type": "application/json;charset=UTF-8" },
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: factor.id });
    expect(await stored()).toEqual({ aal: "aal1", factor_id: null });
  });
});

describe("POST /admin/users", () => {
  const service = () => ({ key: server.keys.service_role, bearer: server.keys.service_role });
  const usersWith = async (email: string) =>
    (
      await server.db.query<{ id: string }>("select id from auth.users where email = lower($1)", [
        email,
      ])
    ).rows;
  const signIn = (email: string, secret = password) =>
    call("/token?grant_type=password", { body: { email, password: secret } });

  it("creates a confirmed user with email_confirm, who signs in with the password", async () => {
    const email = newEmail("Created");
    const response = await call("/admin/users", {
      body: {
        email,
        password,
        email_confirm: true,
        user_metadata: { name: "ليلى" },
        app_metadata: { team: true },
      },
      ...service(),
    });
    expect(response.status).toBe(200);
    const user = await json(response);
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/u) as unknown,
      aud: "authenticated",
      role: "authenticated",
      email: email.toLowerCase(),
      email_confirmed_at: expect.any(String) as unknown,
      phone: "",
      confirmed_at: user.email_confirmed_at,
      app_metadata: { provider: "email", providers: ["email"], team: true },
      user_metadata: { name: "ليلى", email_verified: true },
      identities: [
        expect.objectContaining({
          id: user.id,
          user_id: user.id,
          provider: "email",
          email: email.toLowerCase(),
          identity_data: {
            sub: user.id,
            email: email.toLowerCase(),
            email_verified: false,
            phone_verified: false,
          },
        }),
      ],
      created_at: expect.any(String) as unknown,
      updated_at: expect.any(String) as unknown,
      is_anonymous: false,
    });
    const { rows } = await server.db.query<{ encrypted_password: string }>(
      "select encrypted_password from auth.users where id = $1",
      [user.id],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/u);
    const session = await signIn(email);
    expect(session.status).toBe(200);
    const claims = decodeJwt(((await json(session)) as { access_token: string }).access_token);
    expect(claims).toMatchObject({ sub: user.id, app_metadata: { team: true } });
  });

  it("leaves the address unconfirmed without email_confirm: sign-in answers email_not_confirmed", async () => {
    const email = newEmail("unconfirmed");
    const response = await call("/admin/users", {
      body: { email, password, email_confirm: false },
      ...service(),
    });
    expect(response.status).toBe(200);
    const user = await json(response);
    expect(user).not.toHaveProperty("email_confirmed_at");
    expect(user).not.toHaveProperty("confirmed_at");
    expect(user.user_metadata).toEqual({});
    const session = await signIn(email);
    expect(session.status).toBe(400);
    expect((await json(session)).code).toBe("email_not_confirmed");
  });

  it("gives a user created without a password a random one nobody knows", async () => {
    const email = newEmail("no-password");
    const response = await call("/admin/users", {
      body: { email, email_confirm: true },
      ...service(),
    });
    expect(response.status).toBe(200);
    const { rows } = await server.db.query<{ encrypted_password: string }>(
      "select encrypted_password from auth.users where email = $1",
      [email],
    );
    expect(rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/u);
    expect((await signIn(email, "")).status).toBe(400);
  });

  it("bans for ban_duration, and not at all for none", async () => {
    const email = newEmail("banned");
    const before = Date.now();
    const response = await call("/admin/users", {
      body: { email, password, email_confirm: true, ban_duration: "24h" },
      ...service(),
    });
    expect(response.status).toBe(200);
    const bannedUntil = Date.parse(String((await json(response)).banned_until));
    expect(bannedUntil - before).toBeGreaterThanOrEqual(86_400_000);
    expect(bannedUntil - Date.now()).toBeLessThanOrEqual(86_400_000);
    const session = await signIn(email);
    expect(session.status).toBe(400);
    expect((await json(session)).code).toBe("user_banned");

    const free = newEmail("not-banned");
    const none = await call("/admin/users", {
      body: { email: free, password, email_confirm: true, ban_duration: "none" },
      ...service(),
    });
    expect(await json(none)).not.toHaveProperty("banned_until");
    expect((await signIn(free)).status).toBe(200);
  });

  const refusals: [string, Record<string, unknown> | string, number, string, string][] = [
    [
      "no address",
      { email: undefined },
      400,
      "validation_failed",
      "Cannot create a user without either an email or phone",
    ],
    [
      "an address that is not one",
      { email: "not an address", password },
      400,
      "validation_failed",
      "Unable to validate email address: invalid format",
    ],
    [
      "a phone number alone",
      { email: undefined, phone: "+962790000000" },
      400,
      "phone_provider_disabled",
      "Phone signups are disabled",
    ],
    [
      "a phone number beside the address",
      { phone: "+962790000000" },
      400,
      "phone_provider_disabled",
      "Phone signups are disabled",
    ],
    [
      "a short password",
      { password: "short" },
      422,
      "weak_password",
      "Password should be at least 8 characters.",
    ],
    [
      "a password past 72 bytes",
      { password: "x".repeat(73) },
      400,
      "validation_failed",
      "Password cannot be longer than 72 characters",
    ],
    [
      "a ban in days",
      { ban_duration: "1d" },
      400,
      "validation_failed",
      'invalid format for ban duration: time: unknown unit "d" in duration "1d"',
    ],
    [
      "a ban without a unit",
      { ban_duration: "10" },
      400,
      "validation_failed",
      'invalid format for ban duration: time: missing unit in duration "10"',
    ],
    [
      "a ban that is no duration",
      { ban_duration: "forever" },
      400,
      "validation_failed",
      'invalid format for ban duration: time: invalid duration "forever"',
    ],
    [
      "user_metadata past 4 kB",
      { user_metadata: { bio: "x".repeat(5000) } },
      400,
      "validation_failed",
      "user_metadata is too large: 5010 bytes of JSON, at most 4096",
    ],
    [
      "app_metadata past 1 kB with the provider's keys",
      { app_metadata: { notes: "x".repeat(990) } },
      400,
      "validation_failed",
      "app_metadata is too large: 1043 bytes of JSON, at most 1024",
    ],
    [
      "email_confirm that is not a boolean",
      { email_confirm: "yes" },
      400,
      "bad_json",
      "Could not parse request body as JSON: json: cannot unmarshal string into field email_confirm of type bool",
    ],
    [
      "user_metadata that is not an object",
      { user_metadata: "name" },
      400,
      "bad_json",
      "Could not parse request body as JSON: json: cannot unmarshal string into field user_metadata of type map",
    ],
    [
      "an id of the caller's choosing",
      { id: "6f0e3c1e-1111-4222-8333-444455556666" },
      422,
      "feature_disabled",
      "Creating a user with id is not available on this server",
    ],
    [
      "a password hash",
      { password_hash: "$2a$10$FhP8f5K6JSM4kHlSL/lXlOthfH9YGqAKvakeMaJ6S2QPkFUGvVkmy" },
      422,
      "feature_disabled",
      "Creating a user with password_hash is not available on this server",
    ],
    [
      "another role",
      { role: "service_role" },
      422,
      "feature_disabled",
      "Creating a user with role is not available on this server",
    ],
  ];
  it.each(refusals)(
    "refuses %s with GoTrue's answer, and stores nobody",
    async (_label, body, status, code, message) => {
      const email = newEmail("refused");
      const response = await call("/admin/users", {
        body: typeof body === "string" ? body : { email, password, ...body },
        ...service(),
      });
      expect({ status: response.status, body: await json(response) }).toEqual({
        status,
        body: expect.objectContaining({ code, message }) as unknown,
      });
      expect(await usersWith(email)).toEqual([]);
    },
  );

  it("refuses a body that is not JSON with bad_json", async () => {
    const response = await call("/admin/users", { body: "{email", ...service() });
    expect(response.status).toBe(400);
    expect((await json(response)).code).toBe("bad_json");
  });

  it("refuses an address that has an account, confirmed or not, with 422 email_exists", async () => {
    const signedUp = await signUp("taken");
    const invitedEmail = newEmail("invited-taken");
    expect((await call("/invite", { body: { email: invitedEmail }, ...service() })).status).toBe(
      200,
    );
    for (const email of [signedUp.email, signedUp.email.toUpperCase(), invitedEmail]) {
      const response = await call("/admin/users", {
        body: { email, password: "another password 1", email_confirm: true },
        ...service(),
      });
      expect({ status: response.status, body: await json(response) }).toEqual({
        status: 422,
        body: {
          code: "email_exists",
          message: "A user with this email address has already been registered",
        },
      });
    }
    expect(await usersWith(invitedEmail)).toHaveLength(1);
    expect((await signIn(signedUp.email)).status).toBe(200);
  });

  it("creates one user when two requests race for an address", async () => {
    const email = newEmail("race");
    const responses = await Promise.all(
      [1, 2].map(() =>
        Promise.resolve(
          call("/admin/users", { body: { email, password, email_confirm: true }, ...service() }),
        ),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 422]);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it("is for service_role only, as the other admin endpoints", async () => {
    const session = await signUp("not-admin");
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: Record<string, unknown>, secret = server.jwtSecret) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(secret));
    const cases: [string, string | undefined, number, string][] = [
      ["no Bearer", undefined, 401, "no_authorization"],
      ["the anon key", server.keys.anon, 403, "not_admin"],
      ["a user's access token", session.access_token, 403, "not_admin"],
      [
        "service_role signed with another secret",
        await signed({ iss: "supabase", role: "service_role" }, "y".repeat(40)),
        403,
        "bad_jwt",
      ],
      [
        "an expired service_role token",
        await signed({ iss: "supabase", role: "service_role", iat: now - 7200, exp: now - 10 }),
        403,
        "bad_jwt",
      ],
    ];
    for (const [label, bearer, status, code] of cases) {
      const email = newEmail("not-admin");
      const response = await call("/admin/users", {
        body: { email, password, email_confirm: true },
        bearer,
      });
      expect({ label, status: response.status, code: (await json(response)).code }).toEqual({
        label,
        status,
        code,
      });
      expect(await usersWith(email)).toEqual([]);
    }
  });
});

describe("POST /admin/generate_link", () => {
  const service = () => ({ key: server.keys.service_role, bearer: server.keys.service_role });
  const recoveryToken = async (id: string) =>
    (
      await server.db.query<{ recovery_token: string | null }>(
        "select recovery_token from auth.users where id = $1",
        [id],
      )
    ).rows[0]?.recovery_token ?? null;

  it("gives a recovery link and code for a known address; the token signs in once", async () => {
    const user = await signUp("recovery");
    const response = await call("/admin/generate_link", {
      body: {
        type: "recovery",
        email: user.email.toUpperCase(),
        redirect_to: `${testOrigin}/inbox`,
      },
      ...service(),
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    const hash = String(body.hashed_token);
    expect(body).toMatchObject({
      id: user.user.id,
      email: user.email,
      recovery_sent_at: expect.any(String) as unknown,
      action_link: `${testOrigin}/auth/v1/verify?token=${hash}&type=recovery&redirect_to=${testOrigin}/inbox`,
      email_otp: expect.stringMatching(/^\d{6}$/u) as unknown,
      redirect_to: `${testOrigin}/inbox`,
      verification_type: "recovery",
    });
    expect(hash).toBe(
      createHash("sha224")
        .update(`${user.email}${String(body.email_otp)}`)
        .digest("hex"),
    );
    expect(await recoveryToken(user.user.id)).toBe(hash);

    const verified = await call("/verify", { body: { type: "recovery", token_hash: hash } });
    expect(verified.status).toBe(200);
    const session = (await json(verified)) as { access_token: string };
    expect(decodeJwt(session.access_token)).toMatchObject({ sub: user.user.id, aal: "aal1" });
    const again = await call("/verify", { body: { type: "recovery", token_hash: hash } });
    expect(again.status).toBe(403);
    expect((await json(again)).code).toBe("otp_expired");

    const newPassword = "a brand new password";
    const changed = await call("/user", {
      method: "PUT",
      body: { password: newPassword },
      bearer: session.access_token,
    });
    expect(changed.status).toBe(200);
    const signIn = await call("/token?grant_type=password", {
      body: { email: user.email, password: newPassword },
    });
    expect(signIn.status).toBe(200);
  });

  it("sends a redirect it may not follow to SITE_URL, and lets a new link replace the last", async () => {
    const user = await signUp("recovery-twice");
    const first = await json(
      await call("/admin/generate_link", {
        body: { type: "recovery", email: user.email, redirect_to: "https://evil.example/steal" },
        ...service(),
      }),
    );
    expect(first.redirect_to).toBe(testOrigin);
    expect(String(first.action_link)).toMatch(/&redirect_to=http:\/\/kalima\.test$/u);
    const second = await json(
      await call("/admin/generate_link", {
        body: { type: "recovery", email: user.email },
        ...service(),
      }),
    );
    const old = await call("/verify", {
      body: { type: "recovery", token_hash: first.hashed_token },
    });
    expect(old.status).toBe(403);
    const current = await call("/verify", {
      body: { type: "recovery", token_hash: second.hashed_token },
    });
    expect(current.status).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, number, string, string][] = [
    [
      "a recovery for an address without an account",
      { type: "recovery", email: "nobody-here@example.com" },
      404,
      "user_not_found",
      "User with this email not found",
    ],
    [
      "a recovery without an address",
      { type: "recovery", email: undefined },
      400,
      "validation_failed",
      "An email address is required",
    ],
    [
      "a recovery for an address that is not one",
      { type: "recovery", email: "not an address" },
      400,
      "validation_failed",
      "Unable to validate email address: invalid format",
    ],
    [
      "a type this server does not make",
      { type: "magiclink" },
      400,
      "validation_failed",
      "Invalid email action link type requested: magiclink",
    ],
    [
      "a type that names an object's property",
      { type: "constructor" },
      400,
      "validation_failed",
      "Invalid email action link type requested: constructor",
    ],
    ["no type", {}, 400, "validation_failed", "Invalid email action link type requested: "],
  ];
  it.each(refusals)(
    "refuses %s, and issues nothing",
    async (_label, body, status, code, message) => {
      const user = await signUp("link-refused");
      const response = await call("/admin/generate_link", {
        body: { email: user.email, ...body },
        ...service(),
      });
      expect({ status: response.status, body: await json(response) }).toEqual({
        status,
        body: { code, message },
      });
      expect(await recoveryToken(user.user.id)).toBeNull();
    },
  );

  it("refuses every key but service_role", async () => {
    const user = await signUp("link-not-admin");
    for (const bearer of [server.keys.anon, user.access_token]) {
      const response = await call("/admin/generate_link", {
        body: { type: "recovery", email: user.email },
        bearer,
      });
      expect(response.status).toBe(403);
      expect((await json(response)).code).toBe("not_admin");
    }
    expect(await recoveryToken(user.user.id)).toBeNull();
  });
});

describe("GET /authorize", () => {
  it("answers a provider that is not configured with 400 legacy JSON", async () => {
    const response = await call("/authorize?provider=github&redirect_to=https%3A%2F%2Fx.example", {
      key: null,
      modern: false,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: provider is not enabled",
    });
  });
});

describe("GET /settings and GET /health", () => {
  it("answers in GoTrue's shapes", async () => {
    expect(await json(await call("/health"))).toEqual({
      version: "kalima",
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    });
    const settings = await json(await call("/settings"));
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    });
    expect(settings.external).toMatchObject({ email: true, github: false, phone: false });
  });

  it("answers an unknown path with 404", async () => {
    const response = await call("/nothing-here");
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe("not_found");
  });
});
