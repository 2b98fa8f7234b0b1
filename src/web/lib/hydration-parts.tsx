import { Suspense, useEffect, type ReactNode } from "react";
import { appRootId } from "./document-head.ts";

// React hydrates a prerendered page in slices, between which the page answers taps itself
// (docs/decisions/0017): presses do not reach the app until the page is whole (below). What
// still does (keys, typing, a form's submit, an update of the app's own) makes React hydrate the
// part it concerns at once: without parts, that is the whole page, a long task on a phone. Each
// part is a Suspense boundary, so such an event waits for its own part only. Nothing in the
// browser suspends: the boundaries never show a fallback.

let partsWaiting = 0;
let shellHydrated = false;
let pageHydrated = false;
/** What waits for the page to have hydrated whole. */
const whenWhole: (() => void)[] = [];

/** Whether the page has hydrated whole: what mounts from then on has nothing to match. */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/** Marks #root once the shell and every part have hydrated: the browser tests wait for it. */
function markWhenWhole() {
  if (shellHydrated && partsWaiting === 0 && !pageHydrated) {
    pageHydrated = true;
    document.getElementById(appRootId)?.setAttribute("data-hydrated", "");
    for (const then of whenWhole.splice(0)) then();
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

// What a tap or a click sends, from the pointer's arrival to the click, and the focus it moves.
const pressEvents = [
  "pointerover",
  "pointerout",
  "pointermove",
  "pointerdown",
  "pointerup",
  "pointercancel",
  "gotpointercapture",
  "lostpointercapture",
  "touchstart",
  "touchmove",
  "touchend",
  "touchcancel",
  "mouseover",
  "mouseout",
  "mousemove",
  "mousedown",
  "mouseup",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "focusin",
  "focusout",
];

/**
 * Until the page has hydrated whole, a press is the page's to answer: a popover opening, a card
 * unfolding, a link followed. Seen by React, a press on a part not yet hydrated makes it finish
 * hydrating that part, and whatever of the page that part needs, before the press's answer: on a
 * phone, a tap held 50 to 150 ms. Keys, typing and a form's submit still reach the app, which
 * hydrates their part at once: a form sent before the app woke must be sent by the app when the
 * site has no server of its own to take it. Registered before React's listeners on the same
 * container, so it runs first; passive, so a touch never waits for it to scroll.
 */
export function answerPressesNativelyUntilHydrated(container: HTMLElement): void {
  const hold = (event: Event) => event.stopImmediatePropagation();
  const options = { capture: true, passive: true };
  for (const type of pressEvents) container.addEventListener(type, hold, options);
  whenWhole.push(() => {
    for (const type of pressEvents) container.removeEventListener(type, hold, options);
  });
}
