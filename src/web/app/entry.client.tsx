import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { appRootId } from "../lib/document-head.ts";

// Every page arrives prerendered and works as plain HTML: links, the menu, the program cards
// and the forms answer without the app (docs/decisions/0017). The app's scripts arrive after
// the first paint (scripts/defer-app-script.mjs) and hydrate at once, in a transition, so
// React hydrates in slices and a tap in between is answered by the page itself.

/** Marks #root once hydration has committed: the browser tests wait for it. */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => document.getElementById(appRootId)?.setAttribute("data-hydrated", ""), []);
  return children;
}

const container = document.getElementById(appRootId);
if (!container) throw new Error(`The page has no #${appRootId} to hydrate`);
startTransition(() => {
  hydrateRoot(
    container,
    <MarkHydrated>
      <HydratedRouter />
    </MarkHydrated>,
  );
});
