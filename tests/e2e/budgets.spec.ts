import { byteBudgets } from "../../scripts/perf/budgets.mjs";
import { measureFirstView } from "../../scripts/perf/first-view.mjs";
import { localizedPath } from "../../src/shared/language.ts";
import { sitePages } from "../../src/shared/pages.js";
import { expect, test } from "./fixtures.ts";
import { fontsFetched, preloadedFonts } from "./fonts.ts";

/** A file a first view asked for, as scripts/perf/first-view.mjs (untyped JavaScript) lists it. */
interface MeasuredFile {
  type: string;
  url: string;
}

// The deterministic half of the performance budget: what each first view downloads.
// `npm run perf` adds Lighthouse's timings on top.
for (const language of ["ar", "en"] as const) {
  test(`every first view in ${language} stays within its byte budget and asks only our host`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    for (const route of sitePages) {
      const view = await measureFirstView(browser, `${baseURL}${route.path}`, language);
      expect(view.status, route.path).toBe(200);
      expect(view.hosts, `${route.path} asked another host`).toEqual([new URL(baseURL ?? "").host]);
      for (const kind of ["script", "stylesheet", "font"] as const) {
        expect(view.totals[kind], `${route.path} ${kind} bytes`).toBeLessThanOrEqual(
          byteBudgets[kind],
        );
      }
      expect(view.totals.script, `${route.path} loads no script`).toBeGreaterThan(0);
    }
  });
}

test("supabase-js and the form's code are not part of a page without a form", async ({
  browser,
  baseURL,
}) => {
  const home = await measureFirstView(browser, `${baseURL}/`, "ar");
  const contact = await measureFirstView(browser, `${baseURL}/contact`, "ar");
  const scripts = (view: typeof home) =>
    view.files
      .filter((file: MeasuredFile) => file.type === "script")
      .map((file: MeasuredFile) => file.url);
  expect(scripts(home).some((url) => url.includes("contact-form"))).toBe(false);
  expect(scripts(contact).some((url) => url.includes("contact-form"))).toBe(true);
  for (const view of [home, contact]) {
    expect(scripts(view).some((url) => /\/supabase-[\w-]+\.js$/u.test(url))).toBe(false);
  }
});

// Every face a page's text needs is preloaded, so its first paint waits on no font discovered
// late, and nothing else is fetched for it: the Arabic cuts cover all the Arabic the site writes,
// and Arabic pages need no Latin file for their punctuation. The one addition: the English home
// page's drifting Arabic phrases, decoration that may swap in after the first paint. Once the
// app is awake and idle, a page also loads the faces the other language's pages preload, so
// that a switch of language draws its page once, in them (language/first-view-faces.ts).
const decorationFonts: Record<string, RegExp> = {
  "/en": /\/readex-pro-arabic-core-[\w-]+\.woff2$/u,
};

// A test per page: each has its own bound, ten times the few seconds a page takes alone, so a
// machine busy with other suites slows a page without failing the next one's share of the time.
for (const language of ["ar", "en"] as const) {
  for (const route of sitePages) {
    const path = localizedPath(route.path, language);
    test(`${path} downloads exactly the fonts it preloads, and once awake the other language's`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      const other = language === "ar" ? "en" : "ar";
      const decoration = decorationFonts[path];
      const firstView = (fonts: string[]) => fonts.filter((font) => !decoration?.test(font));
      // A browser of its own: nothing cached from another page. Without scripts, the first view
      // alone.
      const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const first = await plain.newPage();
      await first.goto(path);
      await first.evaluate(async () => void (await document.fonts.ready));
      const preloaded = await preloadedFonts(plain.request, path);
      expect(preloaded.length).toBeGreaterThan(0);
      expect(firstView(await fontsFetched(first))).toEqual(preloaded);
      const otherPreloaded = await preloadedFonts(plain.request, localizedPath(route.path, other));
      await plain.close();

      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "", { timeout: 30_000 });
      const awake = [...new Set([...preloaded, ...otherPreloaded])].sort();
      // The other language's faces load once the app is idle, which a busy machine delays: the
      // condition is polled, not timed.
      await expect.poll(() => fontsFetched(page), { timeout: 40_000 }).toEqual(awake);
      // Closed at once: a page left open keeps animating its hero.
      await context.close();
    });
  }
}
