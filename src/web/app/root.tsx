import { useMemo, type ReactNode } from "react";
import { Outlet, useMatches } from "react-router";
import { mainId, SiteFrame } from "../components/layout/site-frame.tsx";
import { pageContentOf, type PageContent } from "../content/page-content.ts";
import { FrameGuard } from "../features/errors/frame-guard.tsx";
import { RouteErrorScreen } from "../features/errors/route-error-screen.tsx";
import type { Route } from "./+types/root";
import { Document } from "./document.tsx";
import { contentToRender } from "./published-content.server.ts";
import { Providers } from "./providers.tsx";

/**
 * The team's published content the site's frame shows, in the page's HTML: the social links of
 * the footer (and the contact page). Each page's route carries what the page itself shows
 * (docs/decisions/0032), so the app wakes with what the page was rendered with. Read when the
 * page is rendered: at build, and by our server after each publish.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { links } = contentToRender(context);
  return { site: { links } satisfies PageContent };
}

/** A page's content changes with a new render of the page, never while the visitor moves on. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  // The root's loader data and the page's: the same objects at every render until the page
  // changes, and so the same content.
  const matches = useMatches();
  const frame = matches[0]?.loaderData;
  const page = matches.length > 1 ? matches.at(-1)?.loaderData : undefined;
  const site = useMemo(() => pageContentOf([frame, page]), [frame, page]);
  return (
    <Providers site={site}>
      <Document>{children}</Document>
    </Providers>
  );
}

/** A route whose `handle` says so draws its own frame (the team's inbox); the rest, the site's. */
function hasOwnFrame(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "ownFrame" in handle;
}

export default function App() {
  const ownFrame = useMatches().some((match) => hasOwnFrame(match.handle));
  return ownFrame ? (
    <Outlet />
  ) : (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const screen = <RouteErrorScreen error={error} />;
  return (
    <FrameGuard fallback={<main id={mainId}>{screen}</main>}>
      <SiteFrame>{screen}</SiteFrame>
    </FrameGuard>
  );
}
