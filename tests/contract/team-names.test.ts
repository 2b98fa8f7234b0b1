import type { SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";
import { createMember } from "../support/member.ts";

// Members' names through supabase-js, as GoTrue keeps them: given at the invitation
// (`data`), changed by the member (updateUser({ data })), merged into user_metadata and carried
// by the next token; and read by the team, and only by it, through team_member_names().
let target: ContractTarget;
let service: SupabaseClient;
beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
});
afterAll(() => target.close());

async function userMetadataInToken(client: SupabaseClient) {
  const token = (await client.auth.getSession()).data.session?.access_token ?? "";
  return decodeJwt(token).user_metadata as Record<string, unknown>;
}

describe("a member's name", () => {
  it("is given with the invitation and changed by the member, merged, in the next token", async () => {
    const email = uniqueEmail("named");
    const { data, error } = await service.auth.admin.generateLink({
      type: "invite",
      email,
      options: { redirectTo: `${target.url}/inbox`, data: { full_name: "ليلى", city: "Amman" } },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: "ليلى", city: "Amman" });
    await service.auth.admin.updateUserById(data.user!.id, { app_metadata: { team: true } });
    const response = await target.fetch(data.properties!.action_link, { redirect: "manual" });
    const fragment = new URLSearchParams((response.headers.get("location") ?? "").split("#")[1]);
    const client = clientFor(target, target.anonKey);
    await client.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect(await userMetadataInToken(client)).toMatchObject({ full_name: "ليلى" });

    const updated = await client.auth.updateUser({ data: { full_name: "Layla Haddad" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({
      full_name: "Layla Haddad",
      city: "Amman",
    });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await userMetadataInToken(client)).toMatchObject({
      full_name: "Layla Haddad",
      city: "Amman",
    });
  });
});

describe("team_member_names()", () => {
  it("answers members at aal2 with every member's id, address and name", async () => {
    const named = uniqueEmail("names");
    const member = await createMember(target, { invitedBy: service, email: named });
    expect((await member.auth.updateUser({ data: { full_name: "  Omar  " } })).error).toBeNull();
    const stranger = await createMember(target, { invitedBy: service, team: false });
    const strangerId = (await stranger.auth.getUser()).data.user!.id;
    const read = await member.rpc("team_member_names");
    expect(read.error).toBeNull();
    const rows = read.data as { id: string; email: string; name: string | null }[];
    expect(rows).toContainEqual({
      id: (await member.auth.getUser()).data.user!.id,
      email: named,
      name: "Omar",
    });
    expect(rows.map(({ id }) => id)).not.toContain(strangerId);
  });

  it.each([
    ["anon", "42501"],
    ["aal1", "42501"],
    ["stranger", "42501"],
  ] as const)("refuses %s", async (who, code) => {
    const client =
      who === "anon"
        ? clientFor(target, target.anonKey)
        : await createMember(target, {
            invitedBy: service,
            ...(who === "aal1" ? { aal: "aal1" } : { team: false }),
          });
    const refused = await client.rpc("team_member_names");
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ code });
  });
});
