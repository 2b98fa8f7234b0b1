import { orderedSiteContent } from "../../shared/site-content.ts";
import type { Database } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
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
): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  let again = false;

  async function renderNewest(atStart: boolean): Promise<void> {
    const { rows } = await db.query<NewestVersion>(
      `select id, content, id > (select min(first.id) from public.site_content_versions first) as edited
         from public.site_content_versions
        order by id desc
        limit 1`,
    );
    const newest = rows[0];
    if (!newest || (atStart && !newest.edited)) return;
    const started = performance.now();
    try {
      const pages = await renderer.render(site.routes(), orderedSiteContent(newest.content));
      site.replacePages(pages);
      log.info("pages rendered from published content", {
        version: Number(newest.id),
        pages: pages.size,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      log.error("published content not rendered: the previous pages stay", {
        version: Number(newest.id),
        error: errorForLog(error),
      });
    }
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

  const stop = await db.listen("site_content", () => schedule());
  schedule(true);
  return async () => {
    await stop();
    await running;
  };
}
