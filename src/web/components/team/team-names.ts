import { checkMemberName } from "../../../shared/member-name.ts";

/** A member as public.team_member_names() answers: only members at aal2 may ask. */
export interface TeamMemberName {
  id: string;
  email: string;
  name: string | null;
}

/** Who did something, as a record or presence knows them: an id, an address, a name they gave. */
export interface Someone {
  id?: string | null;
  email?: string | null;
  /** The name their own session announced (presence): newer than the list, and checked too. */
  name?: string | null;
}

const usable = (value: string | null | undefined) =>
  value ? checkMemberName(value).name : undefined;

const folded = (name: string) => name.normalize("NFKC").toLocaleLowerCase();

/**
 * How the team names one of its members: by the name they chose, followed by their address when
 * another member has the same name; by their address when they have none (or the list is not
 * read yet); undefined when nothing is known of them.
 */
export function teamNames(members: readonly TeamMemberName[]) {
  const byId = new Map(members.map((member) => [member.id, member]));
  const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member]));
  const owners = new Map<string, Set<string>>();
  for (const member of members) {
    const name = usable(member.name);
    if (name) owners.set(folded(name), (owners.get(folded(name)) ?? new Set()).add(member.id));
  }
  return (someone: Someone): string | undefined => {
    const member =
      (someone.id ? byId.get(someone.id) : undefined) ??
      (someone.email ? byEmail.get(someone.email.toLowerCase()) : undefined);
    const email = member?.email ?? someone.email ?? undefined;
    // Presence announces the address of a member without a name: the list may know better.
    const announced = usable(someone.name);
    const fresh = announced?.toLowerCase() === email?.toLowerCase() ? undefined : announced;
    const name = fresh ?? usable(member?.name) ?? announced;
    if (!name) return email || undefined;
    const others = [...(owners.get(folded(name)) ?? [])].filter((id) => id !== member?.id);
    return others.length > 0 && email ? `${name} (${email})` : name;
  };
}

export type NameOf = ReturnType<typeof teamNames>;
