import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { readRememberedLanguage } from "../language/remembered-language.ts";
import { appRootId } from "../lib/document-head.ts";
import { mayHaveSession } from "../lib/session-hint.ts";

declare global {
  interface Window {
    /** Set by the page's loader (scripts/defer-app-script.mjs) when the visitor reached for it. */
    __kalimaWoken?: boolean;
    /** Buttons pressed before the app was ready, to press again once it is. */
    __kalimaHeld?: HTMLElement[];
  }
}

// Every page arrives prerendered and readable: links are plain links. The app is hydrated
// when the visitor first reaches for it (a press, a key, focus), so reading costs a phone no
// script work at all. It is hydrated at once when something must run without being asked: a
// remembered language other than the one served (static hosting), or a session to keep fresh.
const firstInteraction = ["pointerdown", "touchstart", "keydown", "focusin"] as const;

function needsAppAtOnce(): boolean {
  const remembered = readRememberedLanguage();
  const otherLanguage = remembered !== undefined && remembered !== document.documentElement.lang;
  return otherLanguage || mayHaveSession() || screenNeedsApp();
}

/** A screen that is nothing without the app (the team's inbox) says so on its root element. */
function screenNeedsApp(): boolean {
  return document.querySelector("[data-hydrate-at-once]") !== null;
}

let started = false;

// In the browser, React is Preact (vite.config.ts) and it hydrates only #root (root.tsx).
// React Router's router suspends on its first render while it decodes the prerendered
// state; React waits that out by itself, Preact needs the render tried again.
function hydrate(): void {
  const container = document.getElementById(appRootId);
  if (!container) throw new Error(`The page has no #${appRootId} to hydrate`);
  try {
    hydrateRoot(container, <HydratedRouter />);
  } catch (pending) {
    if (!(pending instanceof Promise)) throw pending;
    void pending.then(hydrate, hydrate);
    return;
  }
  container.dataset.hydrated = "";
  for (const button of window.__kalimaHeld?.splice(0) ?? []) button.click();
}

function start(): void {
  if (started) return;
  started = true;
  for (const type of firstInteraction) document.removeEventListener(type, start, true);
  hydrate();
}

if (window.__kalimaWoken || needsAppAtOnce()) {
  start();
} else {
  // Capturing at the document, the app's own handlers are in place before the event reaches
  // its target, so the press or key that woke the page is handled by it.
  for (const type of firstInteraction) {
    document.addEventListener(type, start, { capture: true, passive: true });
  }
}
