import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import * as OTPAuth from "otpauth";
import { expect } from "vitest";
import { clientFor, uniqueEmail, type ContractTarget } from "./contract-target.ts";
import type { TestServer } from "./test-server.ts";

export type Aal = "aal1" | "aal2";

export interface MemberOptions {
  /** On the team (`app_metadata.team`); false for an account that is not. On the team unless told. */
  team?: boolean;
  /** The session's assurance level: aal2 (a TOTP factor verified) unless told. */
  aal?: Aal;
  /** Its address; a unique one unless told. */
  email?: string;
}

/** What a minted member's token says, over what its account and `aal` make it say. */
export interface TokenOptions {
  aal?: Aal;
  claims?: Record<string, unknown>;
  /** Signed with this instead of the server's secret: a token the server must refuse. */
  secret?: string;
}

/** A member of our own server's database, with tokens signed as the server signs them. */
export interface MintedMember {
  id: string;
  email: string;
  /** A token for this account, valid for an hour. */
  bearer(options?: TokenOptions): Promise<string>;
  /** supabase-js sending that token. */
  client(options?: TokenOptions): Promise<SupabaseClient>;
}

/**
 * A member, the one way the tests make one:
 *
 * - `createMember(server, options)`: an account in our server's auth.users (on the team or not)
 *   with tokens signed with the server's secret, for tests of what the database and routes
 *   decide, with no auth round trips.
 * - `createMember(target, { ...options, invitedBy: service })`: signed in through supabase-js as
 *   the inbox signs one in (invited by the admin API, signed in by the link, and unless aal1
 *   raised to aal2 with a real TOTP code, realtime told of the new token); works on any target.
 */
export function createMember(server: TestServer, options?: MemberOptions): Promise<MintedMember>;
export function createMember(
  target: ContractTarget,
  options: MemberOptions & { invitedBy: SupabaseClient },
): Promise<SupabaseClient>;
export function createMember(
  target: TestServer | ContractTarget,
  options: MemberOptions & { invitedBy?: SupabaseClient } = {},
): Promise<MintedMember | SupabaseClient> {
  if (options.invitedBy)
    return signedInMember(target as ContractTarget, options.invitedBy, options);
  return mintedMember(target as TestServer, options);
}

async function mintedMember(server: TestServer, options: MemberOptions): Promise<MintedMember> {
  const team = options.team ?? true;
  const id = randomUUID();
  const email = options.email ?? uniqueEmail(team ? "member" : "stranger");
  await server.db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
    [id, email, team ? { team: true } : {}],
  );
  const bearer = ({ aal, claims, secret }: TokenOptions = {}) =>
    new SignJWT({
      sub: id,
      role: "authenticated",
      aal: aal ?? options.aal ?? "aal2",
      email,
      ...claims,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret ?? server.jwtSecret));
  return {
    id,
    email,
    bearer,
    client: async (token) =>
      clientFor(server, server.keys.anon, {
        global: { headers: { Authorization: `Bearer ${await bearer(token)}` } },
      }),
  };
}

async function signedInMember(
  target: ContractTarget,
  service: SupabaseClient,
  options: MemberOptions,
): Promise<SupabaseClient> {
  const team = options.team ?? true;
  const { data, error } = await service.auth.admin.generateLink({
    type: "invite",
    email: options.email ?? uniqueEmail(team ? "member" : "stranger"),
    options: { redirectTo: `${target.url}/inbox` },
  });
  expect(error).toBeNull();
  if (team) {
    const made = await service.auth.admin.updateUserById(data.user!.id, {
      app_metadata: { team: true },
    });
    expect(made.error).toBeNull();
  }
  const response = await target.fetch(data.properties!.action_link, { redirect: "manual" });
  const fragment = new URLSearchParams((response.headers.get("location") ?? "").split("#")[1]);
  const client = clientFor(target, target.anonKey);
  const set = await client.auth.setSession({
    access_token: fragment.get("access_token")!,
    refresh_token: fragment.get("refresh_token")!,
  });
  expect(set.error).toBeNull();
  if (options.aal === "aal1") return client;
  await raiseToAal2(client);
  // supabase-js hands realtime a new token when one is issued or refreshed, not when a factor
  // is verified: a page that raised its session to aal2 and then subscribes does the same.
  await client.realtime.setAuth();
  return client;
}

/** Enrols a TOTP factor for the signed-in client and verifies a real code: the session is aal2. */
export async function raiseToAal2(client: SupabaseClient): Promise<string> {
  const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
  expect(enrolled.error).toBeNull();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) });
  const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
  const verified = await client.auth.mfa.verify({
    factorId: enrolled.data!.id,
    challengeId: challenge.data!.id,
    code: totp.generate(),
  });
  expect(verified.error).toBeNull();
  return enrolled.data!.id;
}
