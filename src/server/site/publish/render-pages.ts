import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { contentChunksAmong, deferAppScript } from "../../../shared/defer-app-script.js";
import { dataPathOf, type RenderedPage } from "../site.ts";

/**
 * Renders the site's pages again, with the React components the build prerendered them with:
 * React Router's server bundle, which the build keeps in `build/render/` (vite.config.ts), and
 * the same rewrite of the app's script as the build's (src/shared/defer-app-script.js). A page
 * rendered with the content it was built with is the built page, byte for byte. Each page's
 * loader data is rendered beside it, as the build writes it, for the app moving to the page.
 */
export interface PageRenderer {
  /**
   * Each route's page, rendered with `content` (a site content document), each passed to `check`
   * (which throws to refuse it). Rejects with `ContentBreaksPage` when the content is to blame;
   * any other rejection is about the server (its files, its memory) and worth trying again.
   */
  render(
    routes: readonly string[],
    content: unknown,
    check?: (route: string, html: string) => void,
  ): Promise<Map<string, RenderedPage>>;
}

/** A page the content makes fail, which the build's own content renders. */
export class ContentBreaksPage extends Error {
  constructor(
    readonly route: string,
    cause: unknown,
  ) {
    super(`${route} fails with this content and renders with the build's`, { cause });
    this.name = "ContentBreaksPage";
  }
}

/** What the server needs of React Router's server bundle: its entry's renderer (entry.server.tsx). */
interface RenderBundle {
  entry: {
    module: {
      pageRenderer?: (
        build: RenderBundle,
      ) => (route: string, content: unknown) => Promise<Response>;
    };
  };
}

/** The renderer for the site built in `siteDir` (build/client), or undefined without a bundle. */
export async function loadPageRenderer(siteDir: string): Promise<PageRenderer | undefined> {
  const bundle = path.join(path.dirname(siteDir), "render", "index.js");
  if (!existsSync(bundle)) return undefined;
  const chunks = contentChunksAmong(await readdir(path.join(siteDir, "assets")));
  // Loaded on the first render, not at start: most starts never publish. A load that failed is
  // tried again on the next render, at an address of its own: Node keeps a failed import's error.
  let renderRoute: Promise<(route: string, content: unknown) => Promise<Response>> | undefined;
  let loads = 0;
  const loadRenderRoute = async () => {
    const url = pathToFileURL(bundle);
    loads += 1;
    if (loads > 1) url.search = `?load=${loads}`;
    const build = (await import(url.href)) as RenderBundle;
    const render = build.entry.module.pageRenderer?.(build);
    if (!render) throw new Error(`${bundle} does not say how to render a page again`);
    return render;
  };
  return {
    async render(routes, content, check) {
      renderRoute ??= loadRenderRoute().catch((error: unknown) => {
        renderRoute = undefined;
        throw error;
      });
      const render = await renderRoute;
      const renderText = async (address: string, given: unknown) => {
        const response = await render(address, given);
        const text = await response.text();
        if (response.status !== 200) {
          throw new Error(`${address} rendered with status ${response.status}`);
        }
        return text;
      };
      const renderPage = async (route: string, given: unknown): Promise<RenderedPage> => {
        // One page at a time, letting the requests that came meanwhile through between pages:
        // rendering every page at once held visitors for half a second.
        await new Promise((resolve) => setImmediate(resolve));
        const html = deferAppScript(await renderText(route, given), route, chunks);
        check?.(route, html);
        return { html, data: await renderText(dataPathOf(route), given) };
      };
      const rendered = new Map<string, RenderedPage>();
      for (const route of routes) {
        try {
          rendered.set(route, await renderPage(route, content));
        } catch (error) {
          // Whether the content is to blame: the same page with the build's content (null, in
          // entry.server.tsx), then the content once more, so that a failure of the moment (a
          // chunk being replaced, memory) is not taken for the content's.
          const built = await renderPage(route, null).then(
            () => true,
            () => false,
          );
          if (!built) throw error;
          rendered.set(
            route,
            await renderPage(route, content).catch((again: unknown) => {
              throw new ContentBreaksPage(route, again);
            }),
          );
        }
      }
      return rendered;
    },
  };
}
