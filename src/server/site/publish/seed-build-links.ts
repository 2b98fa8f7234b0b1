import {
  programLinkSetting,
  socialLinkSetting,
  socialNetworks,
} from "../../../shared/site-links.js";
import { checkSiteContent, type SiteContent } from "../../../shared/site-content.ts";
import { asRole } from "../../db/as-role.ts";
import type { Database, Queryable } from "../../db/database.ts";
import type { Logger } from "../../log.ts";

// Before the team edited the site in the database, an install named its accounts at build
// (VITE_LINK_*). A new install's first published version holds no links, so an install that had
// named them would lose them from its pages at the first publish. The server carries them over
// once: when it starts with any of them set and nothing has been published since the first
// version, it publishes that version again with the links filled in. From then on the links are
// the team's, and the settings are read no more.

type Links = SiteContent["links"];
type Programs = SiteContent["programs"];

/** The named links filled into the empty places of `links` and `programs` (by their order). */
function withBuildLinks(
  links: Links,
  programs: Programs,
  settings: Record<string, string>,
): { links: Links; programs: Programs; filled: string[] } {
  const filled: string[] = [];
  const nextLinks = { ...links };
  for (const network of socialNetworks) {
    const href = settings[socialLinkSetting(network)];
    if (href && !nextLinks[network]) {
      nextLinks[network] = href;
      filled.push(network);
    }
  }
  const nextPrograms = programs.map((program, index) => {
    const href = settings[programLinkSetting(index)];
    if (!href || program.youtube) return program;
    filled.push(`program ${index + 1}`);
    return { ...program, youtube: href };
  });
  return { links: nextLinks, programs: nextPrograms, filled };
}

/** Fills the same links into the drafts of both sections, where a member has not named one. */
async function fillDrafts(tx: Queryable, settings: Record<string, string>): Promise<void> {
  const { rows } = await tx.query<{ section: "links" | "programs"; body: unknown }>(
    `select section, body from public.site_content_drafts
      where section in ('links', 'programs')`,
  );
  const draft = (section: string) => rows.find((row) => row.section === section)?.body;
  const links = draft("links") as Links | undefined;
  const programs = draft("programs") as Programs | undefined;
  if (!links || !programs) return;
  const next = withBuildLinks(links, programs, settings);
  if (next.filled.length === 0) return;
  for (const [section, body] of [
    ["links", next.links],
    ["programs", next.programs],
  ] as const) {
    await tx.query(`update public.site_content_drafts set body = $2 where section = $1`, [
      section,
      JSON.stringify(body),
    ]);
  }
}

/**
 * Publishes, as the service role, the first version again with the links VITE_LINK_* names
 * (`settings`, by setting name), when nothing has been published since it; recorded as any
 * version is, and made the drafts too, so the team's next publish keeps the links. Answers the
 * new version's id, or undefined when there was nothing to do. Several instances starting at
 * once publish it once: the table is locked against other publishes while this one decides.
 */
export async function seedBuildLinks(
  db: Database,
  settings: Record<string, string>,
  log: Logger,
): Promise<number | undefined> {
  if (Object.keys(settings).length === 0) return undefined;
  return asRole(db, { claims: { role: "service_role" } }, async (tx) => {
    await tx.exec("lock table public.site_content_versions in share row exclusive mode");
    const { rows } = await tx.query<{ versions: number | string; content: unknown }>(
      `select (select count(*) from public.site_content_versions) as versions,
              (select content from public.site_content_versions order by id desc limit 1) as content`,
    );
    const [state] = rows;
    if (!state || Number(state.versions) !== 1) return undefined;
    const newest = checkSiteContent(state.content);
    if (newest.problems) {
      log.error("the VITE_LINK_* links were not published: the first version cannot be read", {
        problems: newest.problems.join("; "),
      });
      return undefined;
    }
    const { links, programs, filled } = withBuildLinks(
      newest.content.links,
      newest.content.programs,
      settings,
    );
    if (filled.length === 0) return undefined;
    const content = { ...newest.content, links, programs };
    const { problems } = checkSiteContent(content);
    if (problems) {
      log.error("the VITE_LINK_* links were not published: the team can name them in the inbox", {
        problems: problems.join("; "),
      });
      return undefined;
    }
    const inserted = await tx.query<{ id: number | string }>(
      `insert into public.site_content_versions (content, changed, published_by, published_by_email)
       values ($1::jsonb, internal.changed_sections($1::jsonb), auth.uid(), auth.jwt() ->> 'email')
       returning id`,
      [JSON.stringify(content)],
    );
    await fillDrafts(tx, settings);
    const version = Number(inserted.rows[0]?.id);
    log.info("published the links VITE_LINK_* names, once: the team edits them from now on", {
      version,
      links: filled.join(", "),
    });
    return version;
  });
}
