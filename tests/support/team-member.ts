import * as OTPAuth from "otpauth";
import type { SupabaseClient } from "@supabase/supabase-js";
import { expect } from "vitest";
import { clientFor, uniqueEmail, type ContractTarget } from "./contract-target.ts";

/**
 * A team member signed in through supabase-js as the inbox signs one in: invited by the admin
 * API, signed in by the link, and (unless `aal1`) raised to aal2 with a real TOTP code.
 */
export async function signedInMember(
  target: ContractTarget,
  service: SupabaseClient,
  level: "aal1" | "aal2",
  team = true,
): Promise<SupabaseClient> {
  const { data, error } = await service.auth.admin.generateLink({
    type: "invite",
    email: uniqueEmail(team ? "member" : "stranger"),
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
  if (level === "aal1") return client;
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
