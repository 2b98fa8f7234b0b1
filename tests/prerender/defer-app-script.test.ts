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

function page(language: "ar" | "en", script = routerScript, data = "") {
  return `<!DOCTYPE html><html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}"><head><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/chunk-1.js"/></head><body><div id="root"><main>كلمة</main></div>${script}${data}</body></html>`;
}

/**
 * React Router's scripts handing the page's loader data to the app, as its <Scripts> writes them
 * (StreamTransfer): the JSON escaped as its escapeHtml escapes it.
 */
function loaderData(...parts: unknown[]) {
  const escaped = (json: string) =>
    json.replace(
      /[&><\u2028\u2029]/gu,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
  return [
    ...parts.map(
      (part) =>
        `<script>window.__reactRouterContext.streamController.enqueue(${escaped(JSON.stringify(JSON.stringify(part)))});</script>`,
    ),
    "<script>window.__reactRouterContext.streamController.close();</script>",
  ].join("");
}

/** The bodies of the inline scripts a browser runs, leaving out data blocks. */
function runningScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gu)]
    .filter(([, attributes]) => !attributes?.includes('type="application/json"'))
    .map(([, , body]) => body ?? "");
}

/**
 * Runs a rewritten page's loader as a browser would before the page has loaded or painted, and
 * lists the modules it imports there and then.
 */
function importedAtOnce(html: string, search: string): string[] {
  const [loader = ""] = runningScripts(html);
  const imported: string[] = [];
  const events = { addEventListener() {}, removeEventListener() {} };
  const document = { ...events, readyState: "loading", head: { append() {} }, createElement() {} };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    observe() {}
  }
  const fetchModule = (url: string) => {
    imported.push(url);
    return new Promise(() => {});
  };
  const names = ["location", "document", "addEventListener", "PerformanceObserver", "setTimeout"];
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script, built above
  const run = new Function(
    ...names,
    "fetchModule",
    loader.replaceAll("import(", "fetchModule("),
  ) as (...values: unknown[]) => void;
  run(
    { search, pathname: "/programs" },
    document,
    () => {},
    PerformanceObserver,
    () => 0,
    fetchModule,
  );
  return imported;
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

  it("loads the app at once in the site editor's preview, whose drafts only the app can show", () => {
    const html = deferAppScript(page("ar"), "index.html", chunks);
    expect(importedAtOnce(html, "?preview")).toContain("/assets/content-ar-1.js");
    expect(importedAtOnce(html, "")).toEqual([]);
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

  it("carries the loader data in data blocks, read by one script the same whatever the content", () => {
    const first = deferAppScript(
      page("ar", routerScript, loaderData({ title: "كلمة" })),
      "index.html",
      chunks,
    );
    const second = deferAppScript(
      page("ar", routerScript, loaderData({ title: "Words" }, { more: "parts" })),
      "index.html",
      chunks,
    );
    expect(first).not.toContain('streamController.enqueue("');
    expect(runningScripts(first)).toEqual(runningScripts(second));
    const blocks = [
      ...second.matchAll(/<script type="application\/json" data-router-stream>([^<]*)<\/script>/gu),
    ];
    expect(
      blocks.map(([, json]) => JSON.parse(JSON.parse(json ?? "") as string) as unknown),
    ).toEqual([{ title: "Words" }, { more: "parts" }]);
    // The script hands each block to React Router's stream in order, then closes it.
    const handed: string[] = [];
    let closed = false;
    const reader = runningScripts(second).find((body) => body.includes("data-router-stream")) ?? "";
    // The page's own script is what is tested: run as the browser would, with a stand-in window.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function("window", "document", reader) as (w: unknown, d: unknown) => void;
    run(
      {
        __reactRouterContext: {
          streamController: {
            enqueue: (part: string) => handed.push(part),
            close: () => (closed = true),
          },
        },
      },
      { querySelectorAll: () => blocks.map(([, json]) => ({ textContent: json })) },
    );
    expect(handed.map((part) => JSON.parse(part) as unknown)).toEqual([
      { title: "Words" },
      { more: "parts" },
    ]);
    expect(closed).toBe(true);
  });

  it("keeps a text that closes a script inert, inside its data block", () => {
    const injected = "</script><script>alert(1)</script>";
    const html = deferAppScript(
      page("ar", routerScript, loaderData({ quote: injected })),
      "index.html",
      chunks,
    );
    expect(html).not.toContain("<script>alert(1)");
    expect(runningScripts(html)).toEqual(
      runningScripts(
        deferAppScript(page("ar", routerScript, loaderData({ quote: "" })), "index.html", chunks),
      ),
    );
    const [, json = ""] =
      /<script type="application\/json" data-router-stream>([^<]*)<\/script>/u.exec(html) ?? [];
    expect(JSON.parse(JSON.parse(json) as string)).toEqual({ quote: injected });
  });

  it("refuses loader data in a shape it does not know, rather than let it run", () => {
    const withNonce = loaderData({ title: "كلمة" }).replace(
      "<script>window.__reactRouterContext.streamController.close",
      '<script nonce="n">window.__reactRouterContext.streamController.close',
    );
    expect(() => deferAppScript(page("ar", routerScript, withNonce), "index.html", chunks)).toThrow(
      "index.html: React Router's data scripts have a shape this build does not know",
    );
  });
});
