import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";
import {
  browseProvider,
  startOidcProvider,
  type TestOidcProvider,
} from "../support/oidc-provider.ts";
import { testOrigin } from "../support/test-server.ts";

// OAuth through supabase-js's signInWithOAuth against a real OpenID provider on a loopback port.
// A hosted project has no such provider configured: there only the disabled case runs.
const providerName = "oidc-test";
const callback = `${testOrigin}/auth/v1/callback`;
const returnTo = "https://app.allowed.example/welcome";

// The same provider, named with a wrong secret: its token endpoint refuses the exchange.
const brokenName = "oidc-broken";
const logged: unknown[][] = [];

let target: ContractTarget;
let provider: TestOidcProvider | undefined;
beforeAll(async () => {
  if (!process.env.CONTRACT_SUPABASE_URL) provider = await startOidcProvider(callback);
  target = await contractTarget({
    auth: {
      providers: provider
        ? [
            provider.config(providerName),
            { ...provider.config(providerName), name: brokenName, secret: "not-the-secret" },
          ]
        : [],
      redirectUrls: ["https://app.allowed.example/**"],
    },
    log: {
      info() {},
      warn() {},
      error: (...entry: unknown[]) => logged.push(entry),
    },
  });
});
afterAll(async () => {
  await target.close();
  await provider?.close();
});

async function authorizeUrl(name: string, options: { redirectTo?: string; flow?: "pkce" } = {}) {
  const client = clientFor(target, target.anonKey, {
    auth: options.flow ? { flowType: options.flow, storage: new MemoryStorage() } : {},
  });
  const { data, error } = await client.auth.signInWithOAuth({
    provider: name as "github",
    options: {
      skipBrowserRedirect: true,
      scopes: "profile",
      ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
    },
  });
  expect(error).toBeNull();
  return { client, url: data.url ?? "" };
}

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

function fragment(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

describe("GET /authorize for a provider that is not configured", () => {
  it("answers 400 in GoTrue's legacy JSON (a navigation sends no version header)", async () => {
    const { url } = await authorizeUrl("github");
    const response = await target.fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: provider is not enabled",
    });
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("OAuth with an OpenID provider", () => {
  async function signIn(email: string, options: { redirectTo?: string; flow?: "pkce" } = {}) {
    provider?.signInAs({ sub: `sub-${email}`, email, email_verified: true, name: "Layla" });
    const { client, url } = await authorizeUrl(providerName, options);
    const start = await target.fetch(url, { redirect: "manual" });
    expect(start.status).toBe(302);
    const atProvider = new URL(start.headers.get("location") ?? "");
    expect(atProvider.origin).toBe(provider?.issuer);
    const back = await browseProvider(atProvider.toString(), callback);
    const done = await target.fetch(back, { redirect: "manual" });
    expect(done.status).toBe(302);
    return { client, atProvider, location: done.headers.get("location") ?? "" };
  }

  it("sends the visitor to the provider with the flow's id as state and a PKCE challenge", async () => {
    const { url } = await authorizeUrl(providerName, { redirectTo: returnTo });
    const response = await target.fetch(url, { redirect: "manual" });
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${provider?.issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "kalima-test-client",
      redirect_uri: callback,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(location.searchParams.get("state")).toMatch(/^[0-9a-f-]{36}$/u);
    expect(location.searchParams.has("redirect_to")).toBe(false);
  });

  it("completes the implicit flow: a session in the fragment of the allow-listed redirect_to", async () => {
    const email = uniqueEmail("oauth");
    const { location } = await signIn(email, { redirectTo: returnTo });
    expect(location.startsWith(`${returnTo}#`)).toBe(true);
    const params = fragment(location);
    expect([...params.keys()]).toEqual([
      "access_token",
      "expires_at",
      "expires_in",
      "provider_token",
      "refresh_token",
      "sb",
      "token_type",
    ]);
    expect(params.get("token_type")).toBe("bearer");
    expect(params.get("expires_in")).toBe("3600");

    const { payload } = await jwtVerify(
      params.get("access_token") ?? "",
      new TextEncoder().encode(target.jwtSecret),
    );
    expect(payload).toMatchObject({ email, role: "authenticated", aal: "aal1" });
    expect(payload.amr).toEqual([{ method: "oauth", timestamp: expect.any(Number) as unknown }]);

    const client = clientFor(target, target.anonKey);
    const { data, error } = await client.auth.setSession({
      access_token: params.get("access_token") ?? "",
      refresh_token: params.get("refresh_token") ?? "",
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      app_metadata: { provider: providerName, providers: [providerName] },
      user_metadata: { email, email_verified: true, name: "Layla", sub: `sub-${email}` },
    });
    expect(data.user?.identities?.[0]).toMatchObject({
      id: `sub-${email}`,
      provider: providerName,
      email,
    });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
  });

  it("signs the same provider account into the same user the next time", async () => {
    const email = uniqueEmail("again");
    const first = await signIn(email);
    const second = await signIn(email);
    const client = clientFor(target, target.anonKey);
    const one = await client.auth.getUser(fragment(first.location).get("access_token") ?? "");
    const two = await client.auth.getUser(fragment(second.location).get("access_token") ?? "");
    expect(two.data.user?.id).toBe(one.data.user?.id);
    expect(two.data.user?.identities).toHaveLength(1);
  });

  it("links a verified provider email to an account whose address an invitation proved", async () => {
    const email = uniqueEmail("link");
    const service = clientFor(target, target.serviceRoleKey);
    const invited = await service.auth.admin.generateLink({ type: "invite", email });
    expect(invited.error).toBeNull();
    const client = clientFor(target, target.anonKey);
    const accepted = await client.auth.verifyOtp({
      type: "invite",
      token_hash: invited.data.properties?.hashed_token ?? "",
    });
    expect(accepted.error).toBeNull();
    const { location } = await signIn(email);
    const { data } = await client.auth.getUser(fragment(location).get("access_token") ?? "");
    expect(data.user?.id).toBe(accepted.data.user?.id);
    expect(data.user?.app_metadata.providers).toEqual(["email", providerName]);
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual([
      "email",
      providerName,
    ]);
  });

  it("gives an address nobody proved to the provider's verified owner, shutting its maker out", async () => {
    // Someone signs up with another person's address; autoconfirm lets them in at once.
    const email = uniqueEmail("squatted");
    const maker = clientFor(target, target.anonKey, {
      auth: { persistSession: true, storage: new MemoryStorage() },
    });
    const signedUp = await maker.auth.signUp({
      email,
      password: "the maker's password",
      options: { data: { name: "Not Layla" } },
    });
    expect(signedUp.error).toBeNull();
    const makerSession = signedUp.data.session;
    const enrolled = await maker.auth.mfa.enroll({ factorType: "totp" });
    expect(enrolled.error).toBeNull();

    // The address's owner later signs in through a provider that verified it.
    const { location } = await signIn(email);
    const owner = clientFor(target, target.anonKey);
    const { data } = await owner.auth.getUser(fragment(location).get("access_token") ?? "");
    expect(data.user?.id).toBe(signedUp.data.user?.id);
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual([providerName]);
    expect(data.user?.app_metadata).toMatchObject({
      provider: providerName,
      providers: [providerName],
    });
    expect(data.user?.user_metadata).toMatchObject({ name: "Layla", email_verified: true });
    expect(data.user?.factors ?? []).toEqual([]);

    // Nothing the maker held opens the account any more.
    const anon = clientFor(target, target.anonKey);
    const byPassword = await anon.auth.signInWithPassword({
      email,
      password: "the maker's password",
    });
    expect(byPassword.error?.code).toBe("invalid_credentials");
    const refreshed = await anon.auth.refreshSession({
      refresh_token: makerSession?.refresh_token ?? "",
    });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
    const withOldToken = await anon.auth.getUser(makerSession?.access_token ?? "");
    // auth-js turns GoTrue's 403 session_not_found into this error of its own.
    expect(withOldToken.error?.name).toBe("AuthSessionMissingError");
    expect(withOldToken.data.user).toBeNull();

    // The owner's own provider sign-in keeps working, and the account is now linked for good.
    const again = await signIn(email);
    const next = await owner.auth.getUser(fragment(again.location).get("access_token") ?? "");
    expect(next.data.user?.id).toBe(signedUp.data.user?.id);
  });

  it("returns to SITE_URL when redirect_to is not allow-listed", async () => {
    const { location } = await signIn(uniqueEmail("elsewhere"), {
      redirectTo: "https://evil.example/steal",
    });
    const address = new URL(location);
    expect(address.origin + address.pathname).toBe(`${testOrigin}/`);
    expect(fragment(location).has("access_token")).toBe(true);
  });

  it("completes the PKCE flow with ?code= and exchangeCodeForSession", async () => {
    const email = uniqueEmail("pkce");
    const { client, location } = await signIn(email, { redirectTo: returnTo, flow: "pkce" });
    const code = new URL(location).searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f-]{36}$/u);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.provider_token).toEqual(expect.any(String));
    const again = await client.auth.exchangeCodeForSession(code);
    expect(again.error).toMatchObject({ status: 400 });
  });

  it("sends a failed code exchange back with a public message, and logs the provider's reason", async () => {
    provider?.signInAs({
      sub: "sub-broken",
      email: uniqueEmail("broken"),
      email_verified: true,
      name: "Layla",
    });
    const { url } = await authorizeUrl(brokenName, { redirectTo: returnTo });
    const start = await target.fetch(url, { redirect: "manual" });
    const back = await browseProvider(start.headers.get("location") ?? "", callback);
    const done = await target.fetch(back, { redirect: "manual" });
    expect(done.status).toBe(302);
    const location = new URL(done.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(returnTo);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "server_error",
      error_code: "unexpected_failure",
      error_description: "Unexpected failure, please check server logs for more information",
    });
    expect(done.headers.get("location")).not.toMatch(/answered|token endpoint|40\d/u);
    expect(logged).toContainEqual([
      "OAuth callback failed",
      {
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/u) as unknown,
        provider: brokenName,
        error: expect.stringMatching(/token endpoint.*answered 40\d/u) as unknown,
      },
    ]);
  });

  it("sends the provider's refusal back to redirect_to as error parameters", async () => {
    const { url } = await authorizeUrl(providerName, { redirectTo: returnTo });
    const start = await target.fetch(url, { redirect: "manual" });
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state");
    const refused = await target.fetch(
      `${callback}?error=access_denied&error_description=The+user+said+no&state=${state}`,
      { redirect: "manual" },
    );
    expect(refused.status).toBe(302);
    const location = new URL(refused.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(returnTo);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBe("The user said no");
    expect(fragment(location.toString()).get("error")).toBe("access_denied");
  });

  const badStates: [string, string, string][] = [
    ["no state", "", "bad_oauth_callback"],
    ["a state that is not a UUID", "state=nope", "bad_oauth_state"],
    ["an unknown state", "state=6f0e3c1e-1111-4222-8333-444455556666", "bad_oauth_state"],
  ];
  it.each(badStates)("answers /callback with %s with 400 %s", async (_label, query, code) => {
    const response = await target.fetch(`${callback}?code=x&${query}`, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, error_code: code });
  });
});
