import type { SupabaseClient, User } from "@supabase/supabase-js";
import { checkMemberName, memberNameLimit, nameInMetadata } from "../../shared/member-name.ts";

// The team's membership, through GoTrue's admin API with the service_role key: the same calls
// work against this project's server and against a hosted Supabase project.

export class TeamCommandError extends Error {}

export interface Member {
  id: string;
  email: string;
  name: string | undefined;
  confirmed: boolean;
  factors: number;
  lastSignIn: string | null;
}

export function isMember(user: User): boolean {
  return user.app_metadata.team === true;
}

function describe(user: User): Member {
  return {
    id: user.id,
    email: user.email ?? "",
    name: nameInMetadata(user.user_metadata),
    confirmed: Boolean(user.email_confirmed_at),
    factors: (user.factors ?? []).filter((factor) => factor.status === "verified").length,
    lastSignIn: user.last_sign_in_at ?? null,
  };
}

const perPage = 200;

/** Every user, page by page (GoTrue pages at most `perPage` at a time). */
async function everyUser(admin: SupabaseClient["auth"]["admin"]): Promise<User[]> {
  const users: User[] = [];
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.listUsers({ page, perPage });
    if (error) throw new TeamCommandError(`Could not list users: ${error.message}`);
    users.push(...data.users);
    if (data.users.length < perPage) return users;
  }
}

async function findUser(client: SupabaseClient, email: string): Promise<User | undefined> {
  const wanted = email.trim().toLowerCase();
  return (await everyUser(client.auth.admin)).find((user) => user.email?.toLowerCase() === wanted);
}

export async function listMembers(client: SupabaseClient): Promise<Member[]> {
  return (await everyUser(client.auth.admin)).filter(isMember).map(describe);
}

/** The name as it will be stored, or a TeamCommandError saying what to change. */
export function validName(value: string): string {
  const checked = checkMemberName(value);
  if (checked.name !== undefined) return checked.name;
  throw new TeamCommandError(
    checked.problem === "empty"
      ? '--name is empty: give the name the team will see, e.g. --name "Layla Haddad"'
      : checked.problem === "long"
        ? `--name is longer than ${memberNameLimit} characters: give a shorter one`
        : "--name holds a line break, a control character or a direction mark: type the name alone",
  );
}

/** `full_name` in user_metadata, as supabase-js's updateUser({ data }) writes it. */
const nameData = (name: string | undefined) => (name === undefined ? {} : { full_name: name });

async function makeMember(client: SupabaseClient, user: User, name?: string): Promise<void> {
  const { error } = await client.auth.admin.updateUserById(user.id, {
    app_metadata: { team: true },
    ...(name === undefined ? {} : { user_metadata: nameData(name) }),
  });
  if (error) throw new TeamCommandError(`Could not make ${user.email} a member: ${error.message}`);
}

export type Invitation =
  | { kind: "link"; email: string; link: string }
  | { kind: "mailed"; email: string }
  | { kind: "existing"; email: string };

/**
 * Makes `email` a member. A new address gets a one-time invitation link, which signs them in to
 * choose a password and enrol an authenticator app: mailed by the server when `mail` says it
 * sends mail, else handed back to print. An existing account is simply made a member.
 */
export async function inviteMember(
  client: SupabaseClient,
  email: string,
  redirectTo: string,
  mail = false,
  name?: string,
): Promise<Invitation> {
  const existing = await findUser(client, email);
  if (existing?.email_confirmed_at) {
    await makeMember(client, existing, name);
    return { kind: "existing", email: existing.email ?? email };
  }
  if (mail) {
    const { data, error } = await client.auth.admin.inviteUserByEmail(email, {
      redirectTo,
      data: nameData(name),
    });
    if (error) throw new TeamCommandError(`Could not invite ${email}: ${error.message}`);
    await makeMember(client, data.user);
    return { kind: "mailed", email: data.user.email ?? email };
  }
  const { data, error } = await client.auth.admin.generateLink({
    type: "invite",
    email,
    options: { redirectTo, data: nameData(name) },
  });
  if (error) throw new TeamCommandError(`Could not invite ${email}: ${error.message}`);
  await makeMember(client, data.user);
  return { kind: "link", email: data.user.email ?? email, link: data.properties.action_link };
}

/** Gives a member the name the team sees beside their work (they may change it themselves). */
export async function renameMember(
  client: SupabaseClient,
  email: string,
  name: string,
): Promise<void> {
  const user = await findUser(client, email);
  if (!user || !isMember(user)) throw new TeamCommandError(`${email} is not on the team`);
  const { error } = await client.auth.admin.updateUserById(user.id, {
    user_metadata: nameData(name),
  });
  if (error) throw new TeamCommandError(`Could not rename ${email}: ${error.message}`);
}

/** Deletes the member's account: their sessions end with it, and the inbox closes to them at once. */
export async function removeMember(client: SupabaseClient, email: string): Promise<void> {
  const user = await findUser(client, email);
  if (!user || !isMember(user)) throw new TeamCommandError(`${email} is not on the team`);
  const { error } = await client.auth.admin.deleteUser(user.id);
  if (error) throw new TeamCommandError(`Could not remove ${email}: ${error.message}`);
}

/**
 * A forgotten password when no mail reaches the member: a one-time link (GoTrue's recovery, 24
 * hours) handed back to print, which signs them in once to give their authenticator code and
 * choose a new password.
 */
export async function passwordResetLink(
  client: SupabaseClient,
  email: string,
  redirectTo: string,
): Promise<string> {
  const user = await findUser(client, email);
  if (!user?.email || !isMember(user)) throw new TeamCommandError(`${email} is not on the team`);
  const { data, error } = await client.auth.admin.generateLink({
    type: "recovery",
    email: user.email,
    options: { redirectTo },
  });
  if (error)
    throw new TeamCommandError(`Could not make a reset link for ${email}: ${error.message}`);
  return data.properties.action_link;
}

/** A lost phone: deletes every factor, so the member enrols a new one at their next sign-in. */
export async function resetFactors(client: SupabaseClient, email: string): Promise<number> {
  const user = await findUser(client, email);
  if (!user || !isMember(user)) throw new TeamCommandError(`${email} is not on the team`);
  const { data, error } = await client.auth.admin.mfa.listFactors({ userId: user.id });
  if (error) throw new TeamCommandError(`Could not read ${email}'s factors: ${error.message}`);
  for (const factor of data.factors) {
    const deleted = await client.auth.admin.mfa.deleteFactor({ id: factor.id, userId: user.id });
    if (deleted.error) {
      throw new TeamCommandError(`Could not delete a factor: ${deleted.error.message}`);
    }
  }
  return data.factors.length;
}
