import { renderToReadableStream } from "react-dom/server";
import {
  createRequestHandler,
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import type { SiteContent } from "../../shared/site-content.ts";
import { languages } from "../../shared/language.ts";
import { loadContent } from "../content/load-content.ts";
import { publishedContentContext } from "./published-content.server.ts";

// Pages are rendered once, when the site is built (ssr: false): each is rendered whole before it
// is written. Both languages' strings are loaded before the first page, so no render waits for
// them: a page whose render suspended outside any boundary was written without React Router's
// hydration data, and never woke in the browser.
const contentLoaded = Promise.all(languages.map((language) => loadContent(language)));

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  await contentLoaded;
  let failed = false;
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      // React may move a large part out of place, to be put back by a script once the rest has
      // painted: every page must read whole without scripts, so nothing is ever moved.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    },
  );
  await body.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { status: failed ? 500 : status, headers });
}

/**
 * How our server renders a page again with published content, from this same bundle
 * (src/server/site/publish/render-pages.ts): as the build prerendered it, with the content given. Given a
 * page's data address (`/about.data`), its loader data, as the build wrote it beside the page.
 */
export function pageRenderer(build: ServerBuild) {
  const handler = createRequestHandler(build, "production");
  return (route: string, content: SiteContent): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(publishedContentContext, content);
    return handler(new Request(`http://localhost${route}`), context);
  };
}
