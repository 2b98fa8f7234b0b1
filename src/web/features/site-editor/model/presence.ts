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

/** One entry of a member's presence as supabase-js hands it in a join or a leave. */
interface Entry {
  presence_ref?: unknown;
  [field: string]: unknown;
}

/**
 * The channel's presence state, kept from the joins and leaves it hears. supabase-js before 2.119
 * lost an entry's reference when the same key joined again (supabase/supabase-js#2565), so a
 * member who moved with one `track` stayed listed where they were: each join and leave carries
 * its entries whole, and is applied here by reference. With 2.119 the channel's own state was
 * tried in its place and the phone journey's colleague stopped hearing moves; see decision 39.
 */
export class PresenceBook {
  private readonly entries = new Map<string, Map<unknown, unknown>>();

  joined(key: string, metas: readonly Entry[]): void {
    let held = this.entries.get(key);
    if (!held) {
      held = new Map();
      this.entries.set(key, held);
    }
    for (const meta of metas) held.set(meta.presence_ref, meta);
  }

  left(key: string, metas: readonly Entry[]): void {
    const held = this.entries.get(key);
    if (!held) return;
    for (const meta of metas) held.delete(meta.presence_ref);
    if (held.size === 0) this.entries.delete(key);
  }

  state(): PresenceState {
    return Object.fromEntries([...this.entries].map(([key, metas]) => [key, [...metas.values()]]));
  }
}
