import type { ReactNode } from "react";
import { Outlet, useMatches, useRouteLoaderData } from "react-router";
import { mainId, SiteFrame } from "../components/layout/site-frame.tsx";
import { FrameGuard } from "../features/errors/frame-guard.tsx";
import { RouteErrorScreen } from "../features/errors/route-error-screen.tsx";
import type { Route } from "./+types/root";
import { Document } from "./document.tsx";
import { contentToRender } from "./published-content.server.ts";
import { Providers } from "./providers.tsx";

/**
 * The team's published content, in the page's HTML: the app wakes with what the page was
 * rendered with, and asks for nothing more. Read when the page is rendered: at build, and by our
 * server after each publish.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { site: contentToRender(context) };
}

/** A page's content changes with a new render of the page, never while the visitor moves on. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <Providers site={data?.site}>
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
