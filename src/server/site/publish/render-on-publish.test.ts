import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import type { SiteContent } from "../../../shared/site-content.ts";
import type { LogFields, Logger } from "../../log.ts";
import { listenForPublishes } from "./publishes.ts";
import { renderOnPublish, type RenderOnPublishOptions } from "./render-on-publish.ts";
import { ContentBreaksPage, type PageRenderer } from "./render-pages.ts";
import { loadSite, type RenderedPage, type Site } from "../site.ts";

// After a publish every page is rendered again from the new version. A version whose content
// breaks a page is marked, with a code, and never served; a render that fails for any other
// reason (a file of the build missing, memory) is tried again and never marks the version.

const routes = ["/", "/about", "/__not-found"];
const builtScript = "<script>window.loaded = true;</script>";
const page = (route: string, title: string) =>
  `<!DOCTYPE html><html lang="ar"><head>${builtScript}</head><body><main>${route}: ${title}</main></body></html>`;

/** The first program's English title, which each test publishes as its own. */
const titleOf = (content: unknown) => (content as SiteContent).programs[0]?.title.en ?? "";

/**
 * Renders each page with the first program's title, as the site's renderer would; `failing`
 * says, by title, what the next renders of that content throw, each taken in turn.
 */
function titleRenderer(failing: Map<string, (() => Error)[]>): PageRenderer & { titles: string[] } {
  const titles: string[] = [];
  return {
    titles,
    render(given, content, check) {
      const title = titleOf(content);
      titles.push(title);
      const failure = failing.get(title)?.shift();
      if (failure) return Promise.reject(failure());
      const rendered = new Map<string, RenderedPage>();
      for (const route of given) {
        const html = page(route, title);
        check?.(route, html);
        rendered.set(route, { html, data: JSON.stringify(title) });
      }
      return Promise.resolve(rendered);
    },
  };
}

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: { level: string; message: string; fields: LogFields }[] = [];
  const log: Logger = {
    info: (message, fields = {}) => lines.push({ level: "info", message, fields }),
    warn: (message, fields = {}) => lines.push({ level: "warn", message, fields }),
    error: (message, fields = {}) => lines.push({ level: "error", message, fields }),
  };
  return { lines, log };
}

const missingChunk = () =>
  Object.assign(new Error("Cannot find module 'build/render/assets/server-build-1.js'"), {
    code: "ERR_MODULE_NOT_FOUND",
  });

let server: TestServer;
let directory: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(tmpdir(), "kalima-render-"));
  for (const route of routes) {
    const folder = path.join(directory, route);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "index.html"), page(route, "as built"));
  }
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

/** One instance's renders, on a site of its own, stopped after the test. */
async function rendering(
  renderer: PageRenderer,
  options: RenderOnPublishOptions = {},
  { settle = true } = {},
) {
  const { lines, log } = recordingLog();
  const site = await loadSite(directory, { anonKey: "key" });
  const stop = await renderOnPublish(
    server.db,
    site,
    renderer,
    log,
    listenForPublishes(server.db),
    options,
  );
  cleanups.push(stop);
  // What the server renders at start is over before a test publishes, so a publish is never
  // taken for one heard during that render (unless the renderer fails whatever it renders).
  if (settle) await stop.idle();
  return { site, lines, stop };
}

/** Publishes the first version's content with the first program's English title changed. */
async function publish(title: string, renderProblem: unknown = null): Promise<number> {
  const { rows } = await server.db.query<{ id: number | string }>(
    `insert into public.site_content_versions (content, changed, render_problem)
     select jsonb_set(content, '{programs,0,title,en}', to_jsonb($1::text)), '{programs}', $2::jsonb
       from public.site_content_versions order by id limit 1
     returning id`,
    [title, renderProblem === null ? null : JSON.stringify(renderProblem)],
  );
  return Number(rows[0]?.id);
}

async function versionState(version: number) {
  const { rows } = await server.db.query<{ rendered: boolean; render_problem: unknown }>(
    `select rendered_at is not null as rendered, render_problem
       from public.site_content_versions where id = $1`,
    [version],
  );
  return rows[0];
}

async function shown(site: Site, route: string): Promise<string> {
  return (await site.page(route, "ar").file.representation([])).body.toString("utf8");
}

const retries = (lines: ReturnType<typeof recordingLog>["lines"]) =>
  lines.filter((line) => line.level === "warn").map((line) => line.fields);

describe("rendering the pages after a publish", () => {
  it("tries a render that failed for want of a file again, with growing waits, and never marks the version", async () => {
    const renderer = titleRenderer(
      new Map([["Night Words", [missingChunk, missingChunk, missingChunk]]]),
    );
    const { site, lines } = await rendering(renderer, { firstRetryMs: 20 });

    const version = await publish("Night Words");
    await expect.poll(() => retries(lines).length).toBeGreaterThanOrEqual(2);
    // Between the tries the version is as published: not served yet, and nothing wrong with it.
    expect(await versionState(version)).toEqual({ rendered: false, render_problem: null });
    expect(await shown(site, "/about")).toContain("as built");

    await expect
      .poll(() => versionState(version))
      .toEqual({ rendered: true, render_problem: null });
    expect(await shown(site, "/about")).toContain("/about: Night Words");
    expect(retries(lines)).toEqual([
      expect.objectContaining({ version, attempt: 1, retryInMs: 20 }),
      expect.objectContaining({ version, attempt: 2, retryInMs: 40 }),
      expect.objectContaining({ version, attempt: 3, retryInMs: 80 }),
    ]);
    expect(retries(lines)[0]?.error).toContain("Cannot find module");
    expect(renderer.titles.filter((title) => title === "Night Words")).toHaveLength(4);
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("keeps trying while the server runs, the waits bounded, and stops trying when it stops", async () => {
    const failures = Array.from({ length: 1000 }, () => missingChunk);
    const renderer = titleRenderer(new Map([["Out of Memory", failures]]));
    const { lines, stop } = await rendering(renderer, { firstRetryMs: 10, maxRetryMs: 40 });

    const version = await publish("Out of Memory");
    await expect.poll(() => retries(lines).length).toBeGreaterThanOrEqual(6);
    expect(
      retries(lines)
        .slice(0, 6)
        .map((fields) => fields.retryInMs),
    ).toEqual([10, 20, 40, 40, 40, 40]);
    expect(await versionState(version)).toEqual({ rendered: false, render_problem: null });

    await stop();
    const tried = renderer.titles.length;
    // Stopped, nothing of it is left running to try again: its loop is over, not waiting for
    // its next try (it would wait for a thousand failures, far past the test's time).
    await stop.idle();
    expect(renderer.titles).toHaveLength(tried);
    expect(await versionState(version)).toEqual({ rendered: false, render_problem: null });
  });

  it("renders a version published while it waits to try again at once", async () => {
    const failures = Array.from({ length: 1000 }, () => missingChunk);
    const renderer = titleRenderer(new Map([["Stuck", failures]]));
    const { site, lines } = await rendering(renderer, { firstRetryMs: 60_000 });

    const stuck = await publish("Stuck");
    await expect.poll(() => retries(lines).length).toBeGreaterThanOrEqual(1);
    const next = await publish("Unstuck");
    await expect.poll(() => versionState(next)).toEqual({ rendered: true, render_problem: null });
    expect(await shown(site, "/")).toContain("Unstuck");
    expect(await versionState(stuck)).toEqual({ rendered: false, render_problem: null });
  });

  it("marks a version whose content breaks a page with a code naming the page, and keeps the previous pages", async () => {
    const renderer = titleRenderer(
      new Map([["Breaks About", [() => new ContentBreaksPage("/about", new Error("boom"))]]]),
    );
    const { site, lines } = await rendering(renderer);
    const good = await publish("Fine Words");
    await expect.poll(() => versionState(good)).toEqual({ rendered: true, render_problem: null });

    const version = await publish("Breaks About");
    await expect
      .poll(() => versionState(version))
      .toEqual({ rendered: false, render_problem: { code: "page_failed", page: "/about" } });
    expect(await shown(site, "/about")).toContain("Fine Words");
    expect(retries(lines)).toEqual([]);
    expect(lines.find((line) => line.level === "error")?.fields).toMatchObject({
      version,
      problem: "page_failed",
    });
  });

  it("marks content the schema refuses with each problem's field, kind and limit, rendering nothing", async () => {
    const renderer = titleRenderer(new Map());
    await rendering(renderer);
    const tooLong = "A title far too long for any program card to hold";

    const version = await publish(tooLong);
    await expect
      .poll(() => versionState(version))
      .toEqual({
        rendered: false,
        render_problem: {
          code: "content_invalid",
          problems: [{ path: ["programs", 0, "title", "en"], kind: "tooLong", limit: 40 }],
        },
      });
    expect(renderer.titles).not.toContain(tooLong);
  });

  it("serves the newest version at start, unless its content is marked as breaking a page", async () => {
    // Published while no server rendered it, or after a render that failed for another reason:
    // unmarked, and served at the next start.
    const unmarked = await publish("Served at Start");
    const first = await rendering(titleRenderer(new Map()));
    await expect
      .poll(() => versionState(unmarked))
      .toEqual({ rendered: true, render_problem: null });
    expect(await shown(first.site, "/")).toContain("Served at Start");
    await first.stop();

    await publish("Marked", { code: "page_failed", page: "/" });
    const second = await rendering(titleRenderer(new Map()));
    await expect
      .poll(() =>
        second.lines.some((line) => line.message === "pages rendered from published content"),
      )
      .toBe(true);
    expect(second.lines.find((line) => line.level === "info")?.fields.version).toBe(unmarked);
    expect(await shown(second.site, "/")).toContain("Served at Start");
  });
});

describe("a rendered page's inline scripts", () => {
  it("are refused when the build did not write them: the pages stay as they were", async () => {
    const injected: PageRenderer = {
      render(given, content, check) {
        const rendered = new Map<string, RenderedPage>();
        for (const route of given) {
          const html = page(route, titleOf(content)).replace(
            "</main>",
            "</main><script>alert(1)</script>",
          );
          check?.(route, html);
          rendered.set(route, { html, data: "" });
        }
        return Promise.resolve(rendered);
      },
    };
    const { site, lines } = await rendering(injected, { firstRetryMs: 20 }, { settle: false });
    const before = await shown(site, "/");

    const version = await publish("Scripted");
    await expect.poll(() => retries(lines).length).toBeGreaterThanOrEqual(1);
    expect(retries(lines)[0]?.error).toContain("an inline script the build did not write");
    expect(await versionState(version)).toEqual({ rendered: false, render_problem: null });
    expect(await shown(site, "/")).toBe(before);
  });
});
