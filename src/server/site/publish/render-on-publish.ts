import { setTimeout as sleep } from "node:timers/promises";
import type { RenderProblem } from "../../../shared/render-problem.ts";
import { checkSiteContent } from "../../../shared/site-content.ts";
import type { Database } from "../../db/database.ts";
import { errorForLog, type Logger } from "../../log.ts";
import type { Publishes } from "./publishes.ts";
import { ContentBreaksPage, type PageRenderer } from "./render-pages.ts";
import type { Site } from "../site.ts";

interface NewestVersion {
  id: number | string;
  content: unknown;
  /** Published after the first version, which a new install holds as the build shows it. */
  edited: boolean;
}

export interface RenderOnPublishOptions {
  /** The wait before trying again a render that failed for a reason other than the content. */
  firstRetryMs?: number;
  /** The longest wait between tries: each failure doubles the wait, up to this. */
  maxRetryMs?: number;
}

const defaults = { firstRetryMs: 1_000, maxRetryMs: 30_000 } satisfies RenderOnPublishOptions;

/** A render that failed for want of something other than the content, to be tried again. */
interface Failure {
  version: number | undefined;
  error: unknown;
}

/**
 * Serves the team's published content: renders every page again when a version is published
 * (NOTIFY site_content, from any instance) and swaps them in whole, and at start when the newest
 * version is the team's. Pages keep answering from memory while they render.
 *
 * A version whose content breaks a page is marked with why (`render_problem`, a code) and never
 * served; the previous pages stay. A render that fails for any other reason (the build's files,
 * memory, the database) leaves the version unmarked and is tried again, after 1 s, 2 s, 4 s and
 * so on up to `maxRetryMs`, for as long as the server runs or until a newer version comes.
 * Answers how to stop.
 */
/** Stops rendering on publishes; `idle()` waits for the render under way, if any, to end. */
export type RenderingOnPublish = (() => Promise<void>) & { idle: () => Promise<void> };

export async function renderOnPublish(
  db: Database,
  site: Site,
  renderer: PageRenderer,
  log: Logger,
  publishes: Publishes,
  options: RenderOnPublishOptions = {},
): Promise<RenderingOnPublish> {
  const { firstRetryMs, maxRetryMs } = { ...defaults, ...options };
  const stopping = new AbortController();
  let waiting: AbortController | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function renderNewest(atStart: boolean): Promise<Failure | undefined> {
    // At start, a version whose content is known to break a page is passed over for the one
    // before it; any other version is served, the newest first.
    const { rows } = await db.query<NewestVersion>(
      `select id, content, id > (select min(first.id) from public.site_content_versions first) as edited
         from public.site_content_versions
        where not $1 or render_problem is null
        order by id desc
        limit 1`,
      [atStart],
    );
    const newest = rows[0];
    if (!newest || (atStart && !newest.edited)) return undefined;
    const version = Number(newest.id);
    // What the database cannot check (lengths, both languages present) is checked here: content
    // that would break a page is not rendered, and the member who published it is told why.
    const { content, problems, issues } = checkSiteContent(newest.content);
    if (problems) {
      await refuse(version, { code: "content_invalid", problems: issues }, problems.join("; "));
      return atStart ? renderNewest(true) : undefined;
    }
    const started = performance.now();
    let pages: number;
    try {
      const rendered = await renderer.render(site.routes(), content, (route, html) =>
        site.checkPage(route, html),
      );
      site.replacePages(rendered);
      pages = rendered.size;
    } catch (error) {
      if (!(error instanceof ContentBreaksPage)) return { version, error };
      await refuse(version, { code: "page_failed", page: error.route }, errorForLog(error.cause));
      return atStart ? renderNewest(true) : undefined;
    }
    await db.query(
      `update public.site_content_versions set rendered_at = now(), render_problem = null
        where id = $1`,
      [version],
    );
    log.info("pages rendered from published content", {
      version,
      pages,
      ms: Math.round(performance.now() - started),
    });
    return undefined;
  }

  async function refuse(version: number, problem: RenderProblem, detail: string): Promise<void> {
    await db.query(
      `update public.site_content_versions set rendered_at = null, render_problem = $2
        where id = $1`,
      [version, JSON.stringify(problem)],
    );
    log.error("published content not rendered: the previous pages stay", {
      version,
      problem: problem.code,
      detail,
    });
  }

  /** Waits `ms`, or less when a publish comes or the server stops. */
  async function pause(ms: number): Promise<void> {
    waiting = new AbortController();
    await sleep(ms, undefined, {
      signal: AbortSignal.any([waiting.signal, stopping.signal]),
    }).catch(() => {});
    waiting = undefined;
  }

  // One render at a time; a publish during one is rendered right after it, once, and a publish
  // during a wait to try again ends the wait.
  function schedule(atStart = false): void {
    if (running) {
      again = true;
      waiting?.abort();
      return;
    }
    running = (async () => {
      let first = atStart;
      let failures = 0;
      do {
        again = false;
        const failure = await renderNewest(first).catch((error: unknown): Failure => ({
          version: undefined,
          error,
        }));
        if (!failure) {
          first = false;
          failures = 0;
          continue;
        }
        failures += 1;
        // A publish heard during the render is tried at once.
        const retryInMs = again ? 0 : Math.min(firstRetryMs * 2 ** (failures - 1), maxRetryMs);
        log.warn("pages not rendered, for a reason other than the content; trying again", {
          version: failure.version,
          attempt: failures,
          retryInMs,
          error: errorForLog(failure.error),
        });
        if (retryInMs > 0) await pause(retryInMs);
        // A publish heard meanwhile is the newest now: rendered as a publish, from the first wait.
        if (again) {
          first = false;
          failures = 0;
        }
        again = true;
      } while (again && !stopping.signal.aborted);
    })().finally(() => {
      running = undefined;
    });
  }

  const stop = await publishes.listen(() => schedule());
  schedule(true);
  const stopRendering = async () => {
    await stop();
    stopping.abort();
    await running;
  };
  return Object.assign(stopRendering, { idle: async () => void (await running) });
}
