import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";

// Capabilities of Supabase's SDK matrix that docs/api.md's compatibility table rests on and no
// other suite shows: a few answered calls, and what Kalima does not serve, each refused with the
// code the table names, so the client reads an error, never a success or a hang.
let target: ContractTarget;
let anon: SupabaseClient;
let service: SupabaseClient;
/** Signed in: reauthentication, identity links and OAuth grants need a session to be sent. */
let user: SupabaseClient;

beforeAll(async () => {
  target = await contractTarget();
  anon = clientFor(target, target.anonKey);
  service = clientFor(target, target.serviceRoleKey);
  user = clientFor(target, target.anonKey);
  const { error } = await user.auth.signUp({
    email: uniqueEmail("refusals"),
    password: "a-long-enough-password",
  });
  if (error) throw error;
});
afterAll(async () => {
  await target?.close();
});

type Answer = { error: unknown };
const refusalOf = ({ error }: Answer) => {
  const { status, code } = (error ?? {}) as { status?: number; code?: string };
  return { status, code };
};

describe("auth calls answered", () => {
  it("reads the claims and the identities of the signed-in user", async () => {
    const claims = await user.auth.getClaims();
    expect(claims.error).toBeNull();
    const { data } = await user.auth.getUser();
    expect(claims.data?.claims).toMatchObject({ sub: data.user!.id, role: "authenticated" });
    const identities = await user.auth.getUserIdentities();
    expect(identities.error).toBeNull();
    expect(identities.data?.identities.map((identity) => identity.provider)).toEqual(["email"]);
  });

  it("signs a user out everywhere by their token with admin.signOut", async () => {
    const other = clientFor(target, target.anonKey);
    const signedUp = await other.auth.signUp({
      email: uniqueEmail("signed-out"),
      password: "a-long-enough-password",
    });
    const session = signedUp.data.session!;
    expect((await service.auth.admin.signOut(session.access_token)).error).toBeNull();
    const refreshed = await other.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("auth calls Kalima does not serve", () => {
  it("refuses one-time codes, SSO, identity links and reauthentication with 404 not_found", async () => {
    const email = "nobody@example.com";
    for (const [label, call] of [
      ["signInWithOtp", () => anon.auth.signInWithOtp({ email })],
      ["signInWithSSO", () => anon.auth.signInWithSSO({ domain: "example.com" })],
      ["resend", () => anon.auth.resend({ type: "signup", email })],
      ["reauthenticate", () => user.auth.reauthenticate()],
      ["linkIdentity", () => user.auth.linkIdentity({ provider: "github" })],
      [
        "unlinkIdentity",
        async () => {
          const { data } = await user.auth.getUserIdentities();
          return user.auth.unlinkIdentity(data!.identities[0]!);
        },
      ],
    ] as [string, () => Promise<Answer>][]) {
      expect(refusalOf(await call()), label).toEqual({ status: 404, code: "not_found" });
    }
  });

  it("refuses anonymous sign-ins, ID tokens and Web3 as their providers are off", async () => {
    expect(refusalOf(await anon.auth.signInAnonymously())).toEqual({
      status: 422,
      code: "anonymous_provider_disabled",
    });
    expect(
      refusalOf(await anon.auth.signInWithIdToken({ provider: "google", token: "x" })),
    ).toEqual({ status: 400, code: "invalid_credentials" });
    const web3 = await anon.auth.signInWithWeb3({
      chain: "ethereum",
      message: "x",
      signature: "0x00",
    } as never);
    expect(refusalOf(web3)).toEqual({ status: 400, code: "invalid_credentials" });
  });

  it("refuses the OAuth server, custom providers and passkeys' admin with 404 not_found", async () => {
    const admin = service.auth.admin;
    for (const [label, call] of [
      ["admin.customProviders.listProviders", () => admin.customProviders.listProviders()],
      ["admin.oauth.listClients", () => admin.oauth.listClients()],
      [
        "admin.passkey.listPasskeys",
        () => admin.passkey.listPasskeys({ userId: "00000000-0000-0000-0000-000000000000" }),
      ],
      ["oauth.listGrants", () => user.auth.oauth.listGrants()],
    ] as [string, () => Promise<Answer>][]) {
      expect(refusalOf(await call()), label).toEqual({ status: 404, code: "not_found" });
    }
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)(
  "database modifiers Kalima does not serve",
  () => {
    it("refuses explain() and geojson() with 406 PGRST107", async () => {
      for (const answer of [
        await service.from("contact_submissions").select().explain(),
        await service.from("contact_submissions").select().geojson(),
      ]) {
        expect(answer.status).toBe(406);
        expect(answer.error?.code).toBe("PGRST107");
      }
    });
  },
);

describe("storage calls answered", () => {
  it("downloads as a stream, and reads a public URL carrying a cache nonce", async () => {
    const bucket = `nonce-${Math.random().toString(36).slice(2, 10)}`;
    expect((await service.storage.createBucket(bucket, { public: true })).error).toBeNull();
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    const files = service.storage.from(bucket);
    expect(
      (await files.upload("a.bin", bytes, { contentType: "application/octet-stream" })).error,
    ).toBeNull();
    const streamed = await files.download("a.bin").asStream();
    expect(streamed.error).toBeNull();
    const read = new Uint8Array(await new Response(streamed.data).arrayBuffer());
    expect(read).toEqual(bytes);
    const { data } = files.getPublicUrl("a.bin", { cacheNonce: "v2" });
    expect(data.publicUrl).toContain("cacheNonce=v2");
    const response = await target.fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });
});

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("storage Kalima does not serve", () => {
  it("answers the CDN purge, analytics and vector routes with Storage's 404 NotFound", async () => {
    for (const [label, call] of [
      ["purgeCache", () => service.storage.from("site-media").purgeCache("a.png")],
      ["purgeBucketCache", () => service.storage.purgeBucketCache("site-media")],
      ["analytics.listBuckets", () => service.storage.analytics.listBuckets()],
      ["vectors.listBuckets", () => service.storage.vectors.listBuckets()],
    ] as [string, () => Promise<Answer>][]) {
      const refusal = refusalOf(await call());
      expect(refusal, label).toEqual({ status: 404, code: "NotFound" });
    }
  });
});
