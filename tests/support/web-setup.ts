import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { languages } from "../../src/shared/language.ts";
import { loadContent } from "../../src/web/content/load-content.ts";

// jsdom lacks the pointer-capture methods Radix calls while a pointer is down.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

// jsdom lays nothing out, so it has no ResizeObserver: one that never hears a size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie = "kalima-language=; Max-Age=0; Path=/";
});

// The browser loads a page's strings before it hydrates; the components under test start with
// both languages loaded, as a page does once the visitor has switched.
await Promise.all(languages.map((language) => loadContent(language)));
