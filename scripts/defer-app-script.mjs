// The app hydrates on first use (src/web/app/entry.client.tsx), so a page never needs its
// script to be shown. The build rewrites React Router's module script in every prerendered
// page so that the scripts are fetched only after the page has loaded and painted, or at once
// when the visitor reaches for the page sooner. A press on a button before the app is ready is
// held and played again once it is (entry.client.tsx replays window.__kalimaHeld).

const routerScript =
  /<script type="module" async="">import "(?<manifest>[^"]+)";\n(?<routes>(?:import \* as route\d+ from "[^"]+";\n)+)\s*window\.__reactRouterRouteModules = (?<table>\{[^\n]*\});\n\nimport\("(?<entry>[^"]+)"\);<\/script>/u;
const routeImport = /import \* as (route\d+) from "([^"]+)";/gu;

/** What runs before the app: start loading it, and hold presses on buttons until it is there. */
function loader({ manifest, routes, table, entry }) {
  const modules = JSON.stringify([manifest, ...routes.map(([, url]) => url)]);
  const names = JSON.stringify(routes.map(([name]) => name));
  return `(() => {
  let app;
  const held = (window.__kalimaHeld = []);
  const load = () =>
    (app ??= Promise.all(${modules}.map((url) => import(url))).then(([, ...loaded]) => {
      const route = Object.fromEntries(${names}.map((name, index) => [name, loaded[index]]));
      window.__reactRouterRouteModules = ${table.replace(/route\d+/gu, (name) => `route.${name}`)};
      return import(${JSON.stringify(entry)});
    }));
  const wake = (event) => {
    if (document.getElementById("root")?.hasAttribute("data-hydrated")) return;
    window.__kalimaWoken = true;
    const button = event.type === "click" && event.target instanceof Element && event.target.closest("button");
    if (button) {
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(button);
    }
    load();
  };
  for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "click"]) {
    document.addEventListener(type, wake, true);
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
})();`;
}

/** Rewrites one prerendered page; throws when React Router's script is not where it should be. */
export function deferAppScript(html, file) {
  const match = routerScript.exec(html);
  if (!match?.groups) {
    throw new Error(`${file}: React Router's module script has a shape this build does not know`);
  }
  const { manifest, table, entry } = match.groups;
  const routes = [...match.groups.routes.matchAll(routeImport)].map(([, name, url]) => [name, url]);
  return html
    .replace(
      match[0],
      `<script type="module">${loader({ manifest, routes, table, entry })}</script>`,
    )
    .replace(/<link rel="modulepreload" href="[^"]+"\/>/gu, "");
}
