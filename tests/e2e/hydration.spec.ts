import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, holdRequests, openIn, test } from "./fixtures.ts";

const root = "#root";

test("a page fetches no script before its first paint, then hydrates by itself", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { paint, firstScript: Math.min(...scripts) };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint ?? Infinity);
});

test("once painted, a page asks for every module of its app at once, not layer by layer", async ({
  page,
}) => {
  // No script is answered until all are asked for: importing the page's route modules alone
  // would ask for what they import only once they had arrived, a round trip per layer.
  const asked = new Set<string>();
  const release = await holdRequests(page, "**/assets/*.js", (url) =>
    asked.add(url.pathname.replace(/-[\w-]{8}\.js$/u, "")),
  );
  await page.goto("/programs");
  await expect
    .poll(() => [...asked].sort())
    .toEqual(
      expect.arrayContaining([
        "/assets/content-ar",
        "/assets/entry.client",
        "/assets/framework",
        "/assets/programs",
        "/assets/root",
        "/assets/site",
        "/assets/use-programs",
      ]),
    );
  release();
  await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
});

test("links work before the page wakes, as plain links to prerendered pages", async ({
  page,
  consoleErrors,
}) => {
  // The app's scripts never arrive. Leaving a page whose scripts are still loading, Chromium
  // skips the cross-document fade and says so; the page itself loads as it should.
  consoleErrors.allow(/ViewTransition opt-in disabled/u);
  await page.route("**/assets/*.js", () => new Promise<void>(() => {}));
  await page.goto("/");
  const response = page.waitForResponse((candidate) => candidate.url().endsWith("/about"));
  await page.locator('header a[href="/about"]').first().click();
  expect((await response).status()).toBe(200);
  await expect(page).toHaveTitle("عن المنصة | كلمة");
});

test("a page carries the published content it shows, and the app reads the next page's from its data", async ({
  page,
}) => {
  /** The sections and parts of the published content the page's HTML carries. */
  const carried = async () => {
    const blocks = await page.locator("script[data-router-stream]").allTextContents();
    const data = blocks.map((block) => JSON.parse(block) as string).join("");
    const names = ["programs", "mutakallim", "links", "values", "stories", "home", "leads"];
    return names.filter((name) => data.includes(`"${name}"`));
  };
  await page.goto("/");
  expect(await carried()).toEqual(["programs", "links", "values", "stories", "home"]);
  await page.goto("/contact");
  expect(await carried()).toEqual(["links", "leads"]);
  await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
  // Moving within the site, the app asks for the next page's content alone.
  const data = page.waitForResponse((response) => response.url().endsWith("/about.data"));
  await page.locator('header a[href="/about"]').first().click();
  expect((await data).status()).toBe(200);
  await expect(page).toHaveTitle(`${ar.meta.about.title} | كلمة`);
  await expect(page.getByText(ar.about.lead)).toBeVisible();
  await expect(page.getByText(ar.about.vision.text)).toBeVisible();
  // And switches it in place, both languages being there.
  await page.locator("header a[lang]").first().click();
  await expect(page.getByText(en.about.lead)).toBeVisible();
});

test("a press before the app is ready is answered by the page itself", async ({ page }) => {
  // The app's scripts are held back: what the visitor presses must not wait for them.
  const release = await holdRequests(page, "**/assets/*.js");
  await page.goto("/programs");
  const card = page.locator("summary").first();
  await card.click();
  await expect(page.locator("details").first()).toHaveJSProperty("open", true);
  await expect(page.locator(root)).not.toHaveAttribute("data-hydrated");
  release();
  await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
  // Once awake, the card that was opened is still open and says so.
  await expect(page.locator("details").first()).toHaveJSProperty("open", true);
  await expect(card).toHaveAttribute("aria-expanded", "true");
});

test("a language remembered in this browser is applied at once where the host sends Arabic", async ({
  page,
}) => {
  // A static host knows nothing of the cookie: only localStorage remembers the choice.
  await page.addInitScript(() => window.localStorage.setItem("kalima-language", "en"));
  await page.goto("/community");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("Community | Kalima");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Kalima Community");
  await expect(page).toHaveURL(/\/en\/community$/u);
});

test("a page sent in the remembered language names it in the address before the app wakes", async ({
  page,
}) => {
  // Our server sends English at /programs to a visitor whose cookie says so; the address says
  // English too before any of the app's scripts has arrived, so the app has nothing to move.
  await page.route("**/assets/*.js", () => new Promise<void>(() => {}));
  await openIn(page, "en", "/programs?from=letter#tuesday");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/en\/programs\?from=letter#tuesday$/u);
  await expect(page.locator(root)).not.toHaveAttribute("data-hydrated");
  // Arabic, sent at an Arabic address, stays where it is.
  await openIn(page, "ar", "/programs");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  expect(new URL(page.url()).pathname).toBe("/programs");
});

test("no page starts ICU while it loads and wakes", async ({ page }) => {
  // The first Intl formatter a page builds costs 50 to 190 ms on a slow phone whatever it
  // formats: the numbers, days and times a first view shows are written without it.
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
    for (const name of [
      "DateTimeFormat",
      "NumberFormat",
      "RelativeTimeFormat",
      "PluralRules",
      "Collator",
      "ListFormat",
      "Segmenter",
      "DisplayNames",
    ] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args) {
          built.push(name);
          return Reflect.construct(target, args);
        },
      });
    }
    for (const type of [Number, Date] as const) {
      const prototype = type.prototype as unknown as Record<string, unknown>;
      for (const method of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
        const original = prototype[method] as ((...args: unknown[]) => string) | undefined;
        if (!original) continue;
        prototype[method] = function (this: unknown, ...args: unknown[]) {
          built.push(`${type.name}.${method}`);
          return original.apply(this, args);
        };
      }
    }
  });
  for (const path of ["/", "/programs", "/mutakallim", "/en/programs"]) {
    await page.goto(path);
    await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
    expect(
      await page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt),
    ).toEqual([]);
  }
});
