import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { contentChunksAmong, deferAppScript } from "../../shared/defer-app-script.js";

/**
 * Renders the site's pages again, with the React components the build prerendered them with:
 * React Router's server bundle, which the build keeps in `build/render/` (vite.config.ts), and
 * the same rewrite of the app's script as the build's (src/shared/defer-app-script.js). A page
 * rendered with the content it was built with is the built page, byte for byte.
 */
export interface PageRenderer {
  /** Each route's page, rendered with `content` (a site content document). */
  render(routes: readonly string[], content: unknown): Promise<Map<string, string>>;
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
  // Loaded on the first render, not at start: most starts never publish.
  let renderRoute: Promise<(route: string, content: unknown) => Promise<Response>> | undefined;
  const loadRenderRoute = async () => {
    const build = (await import(pathToFileURL(bundle).href)) as RenderBundle;
    const render = build.entry.module.pageRenderer?.(build);
    if (!render) throw new Error(`${bundle} does not say how to render a page again`);
    return render;
  };
  return {
    async render(routes, content) {
      renderRoute ??= loadRenderRoute();
      const render = await renderRoute;
      const rendered = new Map<string, string>();
      for (const route of routes) {
        // One page at a time, letting the requests that came meanwhile through between pages:
        // rendering every page at once held visitors for half a second.
        await new Promise((resolve) => setImmediate(resolve));
        const response = await render(route, content);
        const html = await response.text();
        if (response.status !== 200) {
          throw new Error(`${route} rendered with status ${response.status}`);
        }
        rendered.set(route, deferAppScript(html, route, chunks));
      }
      return rendered;
    },
  };
}
