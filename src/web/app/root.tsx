import type { ReactNode } from "react";
import { Outlet, useMatches } from "react-router";
import { mainId, SiteFrame } from "../components/layout/site-frame.tsx";
import { FrameGuard } from "../features/errors/frame-guard.tsx";
import { RouteErrorScreen } from "../features/errors/route-error-screen.tsx";
import type { Route } from "./+types/root";
import { Document } from "./document.tsx";
import { Providers } from "./providers.tsx";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Providers>
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
