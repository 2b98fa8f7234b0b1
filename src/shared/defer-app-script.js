import { previewParameter } from "./preview-parameter.js";

// Every page works as plain HTML (docs/decisions/0017), so a page never needs its script to be
// shown or used. The build rewrites React Router's module script in every prerendered page so
// that the scripts are fetched only after the page has loaded and painted, or at once when the
// visitor reaches for the page sooner. Nothing is held back for the app: what the visitor
// presses first is answered by the page itself.

const routerScript =
  /<script type="module" async="">import "(?<manifest>[^"]+)";\n(?<routes>(?:import \* as route\d+ from "[^"]+";\n)+)\s*window\.__reactRouterRouteModules = (?<table>\{[^\n]*\});\n\nimport\("(?<entry>[^"]+)"\);<\/script>/u;
const routeImport = /import \* as (route\d+) from "([^"]+)";/gu;
const modulePreload = /<link rel="modulepreload" href="([^"]+)"\/>/gu;

// React Router hands the page's loader data (the content it was rendered with) to the app in
// scripts that run: `enqueue("<JSON>")` for each part, then `close()`. Those scripts would differ
// with every publish, so a policy allowing them would allow whatever a render wrote. Each part
// is carried instead in a data block, which never runs, and one script the same on every render
// hands them over: the page's policy allows the build's scripts only
// (src/server/site/content-security-policy.ts). React Router escapes `<`, `>` and `&` in the
// JSON, so no text can end the block.
const streamPart =
  /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\<]|\\.)*")\);<\/script>/gu;
const streamScript = "<script>window.__reactRouterContext.streamController.";
const streamClose = `${streamScript}close();</script>`;
const streamData = "data-router-stream";
const streamReader = `<script>for (const part of document.querySelectorAll("script[${streamData}]")) {
  window.__reactRouterContext.streamController.enqueue(JSON.parse(part.textContent));
}
window.__reactRouterContext.streamController.close();</script>`;

/**
 * Moves React Router's loader data out of running scripts into data blocks.
 * @param {string} html
 * @param {string} file
 * @returns {string}
 */
function streamAsData(html, file) {
  if (!html.includes(streamScript)) return html;
  const moved = html.replace(
    streamPart,
    (_, json) => `<script type="application/json" ${streamData}>${json}</script>`,
  );
  const closes = moved.split(streamClose).length - 1;
  if (closes !== 1 || moved.replace(streamClose, "").includes(streamScript)) {
    throw new Error(`${file}: React Router's data scripts have a shape this build does not know`);
  }
  return moved.replace(streamClose, streamReader);
}

/**
 * What runs before the app: start loading it, with the strings of the page's language, once the
 * page has painted, or when reached for.
 * @param {{ manifest: string, routes: string[][], table: string, entry: string, strings: string,
 *   preloads: string[], language: string }} parts
 */
function loader({ manifest, routes, table, entry, strings, preloads, language }) {
  const imported = [manifest, ...routes.map(([, url]) => url), strings];
  const modules = JSON.stringify(imported);
  const names = JSON.stringify(routes.map(([name]) => name));
  // Every other module the page's app needs is asked for at once too: importing the route
  // modules alone would find each layer of imports only once the one above it had arrived
  // (four round trips on a route).
  const others = JSON.stringify(preloads.filter((href) => !imported.includes(href)));
  // Our server sends a page in the visitor's remembered language at an address naming none
  // (English at /programs, from the cookie). The address is made to name it before the app
  // reads it: the app then starts on the page exactly as prerendered, with no move to make
  // while it hydrates, and a link shared from here opens in English.
  const named =
    language === "ar"
      ? ""
      : `if (!/^\\/${language}(?:\\/|$)/u.test(location.pathname)) {
    const rest = location.pathname === "/" ? "" : location.pathname;
    history.replaceState(history.state, "", \`/${language}\${rest}\${location.search}\${location.hash}\`);
  }
  `;
  // A link the browser itself follows away from here (pressed before the app woke, or one the
  // app leaves to the browser): the page is being left, and writes nothing more for the
  // visitor, whose newer choice the next page may already have recorded
  // (src/web/lib/leaving-page.ts). Noted as the press is dispatched, as the app may wake in the
  // very next task; forgotten at the end of the same dispatch if the app answered it itself.
  const leaving = `let press;
  addEventListener("click", (event) => {
    const link = event.target.closest?.("a[href]:not([download])");
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey ||
      event.altKey || (link.target && link.target !== "_self")) return;
    const to = new URL(link.href);
    const page = (url) => url.href.split("#")[0];
    if (!/^https?:$/u.test(to.protocol) || (to.hash && page(to) === page(location))) return;
    press = event;
    window.__kalimaLeaving = true;
  }, true);
  addEventListener("click", (event) => {
    if (event === press && event.defaultPrevented) window.__kalimaLeaving = false;
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) window.__kalimaLeaving = false;
  });
  `;
  return `(() => {
  ${named}let app;
  // One module asked for per task: each costs the main thread a few ms on a slow phone, nine
  // at once a long task.
  const preload = ([href, ...rest]) => {
    if (href === undefined) return;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
    setTimeout(() => preload(rest));
  };
  const load = () => {
    if (app) return;
    app = Promise.all(${modules}.map((url) => import(url))).then(([, ...loaded]) => {
      const route = Object.fromEntries(${names}.map((name, index) => [name, loaded[index]]));
      window.__reactRouterRouteModules = ${table.replace(/route\d+/gu, (name) => `route.${name}`)};
      return import(${JSON.stringify(entry)});
    });
    setTimeout(() => preload(${others}));
  };
  const wake = () => {
    for (const type of reached) document.removeEventListener(type, wake, true);
    load();
  };
  ${leaving}const reached = ["pointerdown", "touchstart", "keydown", "focusin"];
  for (const type of reached) {
    document.addEventListener(type, wake, { capture: true, passive: true });
  }
  // Unprompted, the app loads once the page has loaded and shown its content, so its bytes
  // never compete with what the first paint needs.
  const loaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else addEventListener("load", resolve, { once: true });
  });
  const painted = new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
  Promise.all([loaded, painted]).then(() => setTimeout(load));
  // The site editor's preview frames a page to show the drafts, which only its app can read
  // (src/web/content/preview-content.ts); and a frame the browser has not painted, such as one
  // scaled down below the fold of a phone, may never report a first paint: it loads at once.
  if (new URLSearchParams(location.search).has(${JSON.stringify(previewParameter)})) load();
})();`;
}

/**
 * Rewrites one prerendered page; throws when React Router's script is not where it should be.
 * `contentChunks` maps each language to the address of its strings' chunk.
 * @param {string} html
 * @param {string} file
 * @param {Record<string, string>} contentChunks
 * @returns {string}
 */
export function deferAppScript(html, file, contentChunks) {
  const match = routerScript.exec(html);
  if (!match?.groups) {
    throw new Error(`${file}: React Router's module script has a shape this build does not know`);
  }
  // A part React wrote out of place would show only once a script moved it back.
  if (/<div hidden id="S:\d+"|<template id="B:\d+"/u.test(html)) {
    throw new Error(`${file}: part of the page is written out of place, for a script to put back`);
  }
  const language = /<html[^>]* lang="([^"]+)"/u.exec(html)?.[1];
  const strings = language === undefined ? undefined : contentChunks[language];
  if (!strings) throw new Error(`${file}: no chunk of strings for the page's language ${language}`);
  const { manifest = "", table = "", entry = "", routes: imports = "" } = match.groups;
  const routes = [...imports.matchAll(routeImport)].map(([, name = "", url = ""]) => [name, url]);
  // React Router lists the page's modules for the head, where they would be fetched before the
  // first paint: the loader asks for them once the page has painted.
  const preloads = [...html.matchAll(modulePreload)].map(([, href = ""]) => href);
  if (!preloads.includes(entry)) {
    throw new Error(`${file}: React Router's module preloads do not name its entry ${entry}`);
  }
  return streamAsData(html, file)
    .replace(
      match[0],
      `<script type="module">${loader({ manifest, routes, table, entry, strings, preloads, language: language ?? "" })}</script>`,
    )
    .replace(modulePreload, "");
}

/**
 * Each language's chunk of strings among the names of the build's assets, by the name
 * vite.config.ts gives it: `/assets/content-ar-….js`.
 * @param {readonly string[]} assetNames
 * @returns {Record<string, string>}
 */
export function contentChunksAmong(assetNames) {
  return Object.fromEntries(
    ["ar", "en"].map((language) => {
      const named = assetNames.filter((name) =>
        new RegExp(`^content-${language}-[\\w-]+\\.js$`, "u").test(name),
      );
      if (named.length !== 1) {
        throw new Error(
          `expected one chunk of ${language} strings in the build, found ${named.length}`,
        );
      }
      return [language, `/assets/${named[0]}`];
    }),
  );
}
