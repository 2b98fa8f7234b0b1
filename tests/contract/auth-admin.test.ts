import type { AuthChangeEvent, SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";

// supabase-js's auth.admin.createUser and generateLink (recovery), on our server in process or
// unchanged on the project CONTRACT_SUPABASE_URL names.
let target: ContractTarget;
let service: SupabaseClient;
beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
});
afterAll(() => target.close());

const password = "correct horse battery";

describe("auth.admin.createUser", () => {
  it("creates a confirmed user who signs in with the password", async () => {
    const email = uniqueEmail("created");
    const created = await service.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { name: "ليلى" },
      app_metadata: { team: true },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      email_confirmed_at: expect.any(String) as unknown,
      app_metadata: { provider: "email", providers: ["email"], team: true },
      user_metadata: { name: "ليلى", email_verified: true },
      identities: [expect.objectContaining({ provider: "email", user_id: user.id })],
      is_anonymous: false,
    });

    const client = clientFor(target, target.anonKey);
    const signedIn = await client.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(user.id);
    expect(decodeJwt(signedIn.data.session!.access_token)).toMatchObject({
      sub: user.id,
      app_metadata: { team: true },
      user_metadata: { name: "ليلى" },
    });
  });

  it("leaves the address unconfirmed without email_confirm", async () => {
    const email = uniqueEmail("unconfirmed");
    const created = await service.auth.admin.createUser({ email, password });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const signedIn = await clientFor(target, target.anonKey).auth.signInWithPassword({
      email,
      password,
    });
    expect(signedIn.error).toMatchObject({ status: 400, code: "email_not_confirmed" });
  });

  it("bans for ban_duration and says how a bad one is wrong", async () => {
    const email = uniqueEmail("banned");
    const created = await service.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      ban_duration: "1h",
    });
    expect(created.error).toBeNull();
    expect(Date.parse(created.data.user!.banned_until!)).toBeGreaterThan(Date.now());
    const signedIn = await clientFor(target, target.anonKey).auth.signInWithPassword({
      email,
      password,
    });
    expect(signedIn.error).toMatchObject({ status: 400, code: "user_banned" });

    const refused = await service.auth.admin.createUser({
      email: uniqueEmail("bad-ban"),
      password,
      ban_duration: "2 days",
    });
    expect(refused.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: 'invalid format for ban duration: time: unknown unit " days" in duration "2 days"',
    });
  });

  it("refuses an address that has an account with 422 email_exists", async () => {
    const email = uniqueEmail("taken");
    const signedUp = await clientFor(target, target.anonKey).auth.signUp({ email, password });
    expect(signedUp.error).toBeNull();
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.data.user).toBeNull();
    expect(created.error).toMatchObject({
      status: 422,
      code: "email_exists",
      message: "A user with this email address has already been registered",
    });
    const twice = await service.auth.admin.createUser({ email: uniqueEmail("twice"), password });
    expect(twice.error).toBeNull();
    const again = await service.auth.admin.createUser({ email: twice.data.user!.email!, password });
    expect(again.error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("is refused to every key and token but service_role", async () => {
    const email = uniqueEmail("not-admin");
    const anon = await clientFor(target, target.anonKey).auth.admin.createUser({
      email,
      password,
    });
    expect(anon.error).toMatchObject({ status: 403, code: "not_admin" });

    const memberEmail = uniqueEmail("member");
    await service.auth.admin.createUser({ email: memberEmail, password, email_confirm: true });
    const member = await clientFor(target, target.anonKey).auth.signInWithPassword({
      email: memberEmail,
      password,
    });
    expect(member.error).toBeNull();
    const forged = await new SignJWT({ iss: "supabase", role: "service_role" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a secret that is not the project's, 32+ chars"));
    for (const [bearer, status, code] of [
      [member.data.session!.access_token, 403, "not_admin"],
      [forged, 403, "bad_jwt"],
    ] as const) {
      const response = await target.fetch(`${target.url}/auth/v1/admin/users`, {
        method: "POST",
        headers: {
          apikey: target.anonKey,
          authorization: `Bearer ${bearer}`,
          "content-type": "application/json;charset=UTF-8",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ email, password }),
      });
      expect({
        status: response.status,
        code: ((await response.json()) as { code: string }).code,
      }).toEqual({ status, code });
    }
    const { data } = await service.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(data.users.some((user) => user.email === email)).toBe(false);
  });
});

describe("auth.admin.generateLink for recovery", () => {
  it("gives a token that signs in once, for a new password", async () => {
    const email = uniqueEmail("recovering");
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();
    const redirectTo = `${target.url}/inbox`;
    const link = await service.auth.admin.generateLink({
      type: "recovery",
      email,
      options: { redirectTo },
    });
    expect(link.error).toBeNull();
    const properties = link.data.properties!;
    expect(properties).toMatchObject({
      email_otp: expect.stringMatching(/^\d{6}$/u) as unknown,
      hashed_token: expect.stringMatching(/^[0-9a-f]{56}$/u) as unknown,
      verification_type: "recovery",
    });
    expect(properties.action_link).toContain(`token=${properties.hashed_token}&type=recovery`);
    expect(link.data.user?.id).toBe(created.data.user!.id);

    const client = clientFor(target, target.anonKey);
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const verified = await client.auth.verifyOtp({
      type: "recovery",
      token_hash: properties.hashed_token,
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(created.data.user!.id);
    await vi.waitFor(() => expect(events).toContain("PASSWORD_RECOVERY"));

    const reused = await clientFor(target, target.anonKey).auth.verifyOtp({
      type: "recovery",
      token_hash: properties.hashed_token,
    });
    expect(reused.error).toMatchObject({ status: 403, code: "otp_expired" });

    const newPassword = `a new password ${Date.now()}`;
    expect((await client.auth.updateUser({ password: newPassword })).error).toBeNull();
    const fresh = clientFor(target, target.anonKey);
    expect((await fresh.auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: "invalid_credentials",
    });
    expect(
      (await fresh.auth.signInWithPassword({ email, password: newPassword })).error,
    ).toBeNull();
  });

  it("answers an address without an account with 404 user_not_found", async () => {
    const link = await service.auth.admin.generateLink({
      type: "recovery",
      email: uniqueEmail("nobody"),
    });
    expect(link.data).toEqual({ properties: null, user: null });
    expect(link.error).toMatchObject({
      status: 404,
      code: "user_not_found",
      message: "User with this email not found",
    });
  });

  it("is refused to the anon key", async () => {
    const link = await clientFor(target, target.anonKey).auth.admin.generateLink({
      type: "recovery",
      email: uniqueEmail("anon"),
    });
    expect(link.error).toMatchObject({ status: 403, code: "not_admin" });
  });
});
