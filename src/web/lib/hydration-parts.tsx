import { Suspense, useEffect, type ReactNode } from "react";
import { appRootId } from "./document-head.ts";

// React hydrates a prerendered page in slices, between which the page answers taps itself
// (docs/decisions/0017). A tap on a part not yet hydrated makes React hydrate that part at once,
// before the tap's own default action (a popover opening, a card unfolding, a link followed):
// without parts, that is the whole page, a long task on a phone. Each part is a Suspense
// boundary, so a tap waits for its own part only. Nothing in the browser suspends: the
// boundaries never show a fallback.

let partsWaiting = 0;
let shellHydrated = false;
let pageHydrated = false;

/** Whether the page has hydrated whole: what mounts from then on has nothing to match. */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/** Marks #root once the shell and every part have hydrated: the browser tests wait for it. */
function markWhenWhole() {
  if (shellHydrated && partsWaiting === 0 && !pageHydrated) {
    pageHydrated = true;
    document.getElementById(appRootId)?.setAttribute("data-hydrated", "");
  }
}

function PartHydrated() {
  useEffect(() => {
    partsWaiting -= 1;
    markWhenWhole();
  }, []);
  return null;
}

/** A part of the page React may hydrate on its own, ahead of the rest when it is tapped. */
export function HydrationPart({ children }: { children: ReactNode }) {
  // Runs with the shell's commit, before the parts inside have hydrated.
  useEffect(() => {
    partsWaiting += 1;
  }, []);
  return (
    <Suspense>
      {children}
      <PartHydrated />
    </Suspense>
  );
}

/** Wraps the whole app: its effect runs once the shell (everything outside the parts) has. */
export function HydrationShell({ children }: { children: ReactNode }) {
  useEffect(() => {
    shellHydrated = true;
    markWhenWhole();
  }, []);
  return children;
}
