import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentBreaksPage, loadPageRenderer, type PageRenderer } from "./render-pages.ts";

// Whether a page that fails to render is the content's fault decides whether its version is
// marked for the member (never served) or tried again: the renderer asks the build's own content.
// The bundle here stands for React Router's: it renders `content.text` as a page and as the
// page's loader data (`/about.data`), and fails as told.

const bundle = `
import { existsSync } from "node:fs";

const flag = (name) => existsSync(new URL(name, import.meta.url));
if (flag("./broken")) throw new Error("Cannot find module './assets/server-build-1.js'");

const tries = new Map();
const page = (text) => \`<!DOCTYPE html><html lang="ar"><head><link rel="modulepreload" href="/assets/entry.client-1.js"/></head><body><main>\${text}</main><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
  
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-1.js");</script></body></html>\`;

export const entry = {
  module: {
    pageRenderer: () => async (route, content) => {
      const text = content === null ? "as built" : content.text;
      if (route.endsWith(".data")) return new Response(JSON.stringify([route, text]));
      const failing =
        flag("./down") ||
        (content !== null && content.breaks === route) ||
        (content !== null && content.once === route && !tries.has(route));
      tries.set(route, true);
      return new Response(page(text), { status: failing ? 500 : 200 });
    },
  },
};
`;

let directory: string;
let renderer: PageRenderer;
const routes = ["/", "/about"];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-render-bundle-"));
  await mkdir(path.join(directory, "client", "assets"), { recursive: true });
  await mkdir(path.join(directory, "render"));
  for (const language of ["ar", "en"]) {
    await writeFile(path.join(directory, "client", "assets", `content-${language}-1.js`), "");
  }
  await writeFile(path.join(directory, "render", "index.js"), bundle);
  const loaded = await loadPageRenderer(path.join(directory, "client"));
  if (!loaded) throw new Error("no renderer");
  renderer = loaded;
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const flag = (name: string) => path.join(directory, "render", name);

describe("a page that fails to render", () => {
  it("loads the bundle again on the next render after a load that failed", async () => {
    await writeFile(flag("broken"), "");
    const failed = await renderer
      .render(routes, { text: "words" })
      .catch((error: unknown) => error);
    expect(failed).not.toBeInstanceOf(ContentBreaksPage);
    expect(String(failed)).toContain("Cannot find module");
    await rm(flag("broken"));
    const pages = await renderer.render(routes, { text: "words" });
    expect(pages.get("/about")?.html).toContain("<main>words</main>");
    expect(pages.get("/about")?.data).toBe('["/about.data","words"]');
    expect(pages.get("/")?.data).toBe('["/_.data","words"]');
  });

  it("is the content's when the build's content renders it and the content fails twice", async () => {
    const failed = await renderer
      .render(routes, { text: "words", breaks: "/about" })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ContentBreaksPage);
    expect((failed as ContentBreaksPage).route).toBe("/about");
  });

  it("is not the content's when the build's content fails too", async () => {
    await writeFile(flag("down"), "");
    try {
      const failed = await renderer
        .render(routes, { text: "words" })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(ContentBreaksPage);
      expect(String(failed)).toContain("rendered with status 500");
    } finally {
      await rm(flag("down"));
    }
  });

  it("is not the content's when it fails once and renders the next time", async () => {
    const pages = await renderer.render(routes, { text: "words", once: "/" });
    expect(pages.get("/")?.html).toContain("<main>words</main>");
  });

  it("is the content's when the content's page is refused and the build's is not", async () => {
    const failed = await renderer
      .render(routes, { text: "<script>alert(1)</script>" }, (route, html) => {
        if (html.includes("alert(1)")) throw new Error(`${route} runs a script`);
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ContentBreaksPage);
  });
});
