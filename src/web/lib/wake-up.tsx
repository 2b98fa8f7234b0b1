import { startTransition, Suspense, useEffect, useState, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadContent } from "../content/load-content.ts";
import { initialLanguage } from "../language/initial-language.ts";
import { appRootId } from "./document-element.ts";

// How a prerendered page wakes up. Every page works as plain HTML first (docs/decisions/0017):
// its links, menu, program cards, language switch and forms answer without the app.
//
// 1. The build rewrote React Router's module script into a loader
//    (src/shared/defer-app-script.js): once the page has loaded and painted, or at the visitor's
//    first pointer, touch, key or focus, it imports the route modules with the strings of the
//    page's language, then the client entry, which calls wakeUp().
// 2. wakeUp() waits for those strings, holds presses for the page (step 3), and hydrates #root
//    in a transition, so React hydrates in slices between which the page keeps answering.
// 3. Until the page has hydrated whole, a press (pointer, touch, mouse, click, focus) never
//    reaches React: the browser answers it natively. Keys, typing and a form's submit do, and
//    React hydrates the part they concern at once: each HydrationPart is a Suspense boundary,
//    so that is one part of the page, not all of it.
// 4. When the shell and every part have hydrated, #root gets data-hydrated (the browser tests
//    wait for it), presses go to React, and useHydrated() turns true where the app keeps
//    attributes the HTML alone cannot keep true.
// 5. The language provider then settles the address once (language/use-language-switch.ts):
//    the language the visitor asked for or remembered, if it is not the one served.

let partsWaiting = 0;
let shellHydrated = false;
let pageHydrated = false;
/** What waits for the page to have hydrated whole. */
const whenWhole: (() => void)[] = [];

/** Step 2: the client entry's one call. */
export function wakeUp(): void {
  const container = document.getElementById(appRootId);
  if (!container) throw new Error(`The page has no #${appRootId} to hydrate`);
  hydrateOnceStringsArrive(container);
}

function hydrateOnceStringsArrive(container: HTMLElement): void {
  // The page's strings (fetched beside the entry) are there before hydration reads them.
  loadContent(initialLanguage(location.pathname)).then(
    () => {
      answerPressesNativelyUntilHydrated(container);
      startTransition(() => {
        hydrateRoot(
          container,
          <HydrationShell>
            <HydratedRouter />
          </HydrationShell>,
        );
      });
    },
    // They did not arrive (the connection was lost): the page goes on working as plain HTML,
    // and the app tries again once the browser is back online.
    () => addEventListener("online", () => hydrateOnceStringsArrive(container), { once: true }),
  );
}

/** Step 4: marks #root once the shell and every part have hydrated, and lets presses through. */
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

/**
 * Step 3: a part of the page React may hydrate on its own, ahead of the rest when a key or a
 * submit reaches it. Nothing in the browser suspends: the boundary never shows a fallback.
 */
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
 * Step 3: until the page has hydrated whole, a press is the page's to answer (a popover
 * opening, a card unfolding, a link followed). Seen by React, a press on a part not yet
 * hydrated would make it finish that part, and whatever of the page it needs, before the
 * press's answer: on a phone, a tap held 50 to 150 ms. Keys, typing and a form's submit still
 * reach the app: a form sent before the app woke must be sent by the app when the site has no
 * server of its own to take it. Registered before React's listeners on the same container, so
 * it runs first; passive, so a touch never waits for it to scroll.
 */
export function answerPressesNativelyUntilHydrated(container: HTMLElement): void {
  const hold = (event: Event) => event.stopImmediatePropagation();
  const options = { capture: true, passive: true };
  for (const type of pressEvents) container.addEventListener(type, hold, options);
  whenWhole.push(() => {
    for (const type of pressEvents) container.removeEventListener(type, hold, options);
  });
}

/**
 * Step 4: false while prerendering and while hydrating, true from then on. An attribute only
 * the app keeps true (aria-expanded beside a native disclosure) is written once this says so:
 * the page must not say anything the app is not there to keep true.
 *
 * It turns true in a transition: an urgent update while the page hydrates would make React
 * hydrate everything left at once, in one long task, and hold a visitor's tap behind it. What
 * mounts once the page is whole (a page reached by a link) starts true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => pageHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
