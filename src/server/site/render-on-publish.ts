import { checkSiteContent } from "../../shared/site-content.ts";
import type { Database } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
import type { Publishes } from "./publishes.ts";
import type { PageRenderer } from "./render-pages.ts";
import type { Site } from "./site.ts";

interface NewestVersion {
  id: number | string;
  content: unknown;
  /** Published after the first version, which a new install holds as the build shows it. */
  edited: boolean;
}

/**
 * Serves the team's published content: renders every page again when a version is published
 * (NOTIFY site_content, from any instance) and swaps them in whole, and at start when the newest
 * version is the team's. Pages keep answering from memory while they render; a render that
 * fails leaves the previous pages, and says why in the log. Answers how to stop listening.
 */
export async function renderOnPublish(
  db: Database,
  site: Site,
  renderer: PageRenderer,
  log: Logger,
  publishes: Publishes,
): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  let again = false;

  async function renderNewest(atStart: boolean): Promise<void> {
    // At start, a version already known to break a page is passed over for the one before it.
    const { rows } = await db.query<NewestVersion>(
      `select id, content, id > (select min(first.id) from public.site_content_versions first) as edited
         from public.site_content_versions
        where not $1 or render_problem is null
        order by id desc
        limit 1`,
      [atStart],
    );
    const newest = rows[0];
    if (!newest || (atStart && !newest.edited)) return;
    const version = Number(newest.id);
    // What the database cannot check (lengths, both languages present) is checked here: content
    // that would break a page is not rendered, and the member who published it is told why.
    const { content, problems } = checkSiteContent(newest.content);
    if (problems) {
      await recordRender(version, problems.join("\n"));
      log.error("published content not rendered: the previous pages stay", {
        version,
        problems: problems.join("; "),
      });
      if (atStart) await renderNewest(true);
      return;
    }
    const started = performance.now();
    try {
      const pages = await renderer.render(site.routes(), content);
      site.replacePages(pages);
      await recordRender(version, null);
      log.info("pages rendered from published content", {
        version,
        pages: pages.size,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      await recordRender(version, "The pages could not be rendered: the server's log says why");
      log.error("published content not rendered: the previous pages stay", {
        version,
        error: errorForLog(error),
      });
    }
  }

  async function recordRender(version: number, problem: string | null): Promise<void> {
    await db.query(
      `update public.site_content_versions
          set rendered_at = case when $2::text is null then now() end, render_problem = $2
        where id = $1`,
      [version, problem],
    );
  }

  // One render at a time; a publish during one is rendered right after it, once.
  function schedule(atStart = false): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let first = atStart;
      do {
        again = false;
        await renderNewest(first).catch((error: unknown) =>
          log.error("published content not read", { error: errorForLog(error) }),
        );
        first = false;
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  }

  const stop = await publishes.listen(() => schedule());
  schedule(true);
  return async () => {
    await stop();
    await running;
  };
}
