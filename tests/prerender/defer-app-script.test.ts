import { describe, expect, it } from "vitest";
import { deferAppScript } from "../../src/shared/defer-app-script.js";

// React Router 7's module script in a prerendered page, as its <Scripts> writes it (the
// template in react-router's server rendering): what the build's rewrite expects to find.
// After an upgrade of React Router, `npm run build` fails with the first test's message if
// the shape changed; docs/architecture.md says what to do then.
const routerScript = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/home-1.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-1.js");</script>`;

function page(language: "ar" | "en", script = routerScript) {
  return `<!DOCTYPE html><html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}"><head><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/chunk-1.js"/></head><body><div id="root"><main>كلمة</main></div>${script}</body></html>`;
}

const chunks = { ar: "/assets/content-ar-1.js", en: "/assets/content-en-1.js" };

describe("the build's rewrite of React Router's module script", () => {
  it("names the page and the change when the script's shape is not the one it knows", () => {
    const changed = routerScript.replace('async=""', "defer");
    expect(() => deferAppScript(page("ar", changed), "en/index.html", chunks)).toThrow(
      "en/index.html: React Router's module script has a shape this build does not know",
    );
  });

  it("loads the app after the first paint, with the page language's strings and no preload in the head", () => {
    const html = deferAppScript(page("ar"), "index.html", chunks);
    expect(html).not.toContain('async=""');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '["/assets/manifest-1.js","/assets/root-1.js","/assets/home-1.js","/assets/content-ar-1.js"]',
    );
    expect(html).toContain(
      'window.__reactRouterRouteModules = {"root":route.route0,"routes/home":route.route1}',
    );
    expect(html).toContain('import("/assets/entry.client-1.js")');
    expect(html).toContain("first-contentful-paint");
    expect(html).toContain("<main>كلمة</main>");
  });

  it("makes an English page served at an address without /en name its language first", () => {
    const html = deferAppScript(page("en"), "en/index.html", chunks);
    expect(html).toContain("/assets/content-en-1.js");
    expect(html).toContain("history.replaceState");
  });

  it("refuses a page React wrote partly out of place, for a script to put back", () => {
    const streamed = page("ar").replace("<main>", '<div hidden id="S:0"></div><main>');
    expect(() => deferAppScript(streamed, "index.html", chunks)).toThrow(/out of place/u);
  });
});
