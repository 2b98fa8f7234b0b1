import { siteContentSections, type SiteContentSection } from "../../../../shared/site-content.ts";

/** What each member's editor says of itself on the team's channel: where it is, and who. */
export interface EditorPresence {
  /** The section open, or null (the history). */
  section: SiteContentSection | null;
  name: string;
}

/**
 * The channel's presence state as supabase-js keeps it: each member's key (their user id), with
 * an entry for each editor they have open. Sent by other browsers: read with care.
 */
export type PresenceState = Readonly<Record<string, readonly unknown[]>>;

/** Another member with a section open. */
export interface Editor {
  key: string;
  name: string;
}

function sectionOf(meta: unknown): SiteContentSection | undefined {
  const section = (meta as { section?: unknown } | null)?.section;
  return siteContentSections.find((each) => each === section);
}

function nameOf(meta: unknown): string {
  const name = (meta as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name.trim().slice(0, 200) : "";
}

/** The other members with this section open, each once however many tabs, in a stable order. */
export function othersIn(
  state: PresenceState,
  section: SiteContentSection | null,
  me: string,
): Editor[] {
  if (!section) return [];
  return Object.entries(state)
    .filter(([key]) => key !== me)
    .flatMap(([key, metas]) => {
      const here = metas.find((meta) => sectionOf(meta) === section);
      return here === undefined ? [] : [{ key, name: nameOf(here) }];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
}

/** Those now here who were not before: the only change worth saying aloud. */
export function arrivals(before: readonly Editor[], now: readonly Editor[]): Editor[] {
  const known = new Set(before.map(({ key }) => key));
  return now.filter(({ key }) => !known.has(key));
}

/**
 * How a member is named to the others: the name their account carries, when it has one, else
 * their address, as the editor names members everywhere else (conflicts, drafts, history).
 */
export function memberName(user: {
  email?: string;
  user_metadata?: Record<string, unknown>;
}): string {
  const metadata = user.user_metadata ?? {};
  for (const key of ["full_name", "name"]) {
    const value = metadata[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return user.email ?? "";
}
