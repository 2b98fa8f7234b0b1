import type { Page } from "@playwright/test";
import { expect, holdRequests, openIn, test } from "./fixtures.ts";
import { fontsFetched, preloadedFonts } from "./fonts.ts";

test("Arabic by default, right to left", async ({ page }) => {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("تواصل معنا | كلمة");
});

test("either toggle flips language, direction, strings, metadata and address, and the choice is remembered", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") requests.push(request.url());
  });
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  const html = page.locator("html");
  await expect(html).toHaveAttribute("lang", "en");
  await expect(html).toHaveAttribute("dir", "ltr");
  await expect(page).toHaveURL(/\/en\/contact$/u);
  await expect(page).toHaveTitle("Contact Us | Kalima");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Contact Us | Kalima",
  );
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Kalima team/u);
  // Switched in place: no page was loaded for it.
  expect(requests).toEqual([]);

  // A new visit to the unprefixed address gets English from the server itself: no Arabic first
  // paint, and the address says English once the app is awake.
  const response = await page.goto("/contact");
  expect(await response?.text()).toContain('<html lang="en" dir="ltr">');
  await expect(page).toHaveTitle("Contact Us | Kalima");
  await expect(page).toHaveURL(/\/en\/contact$/u);

  await page.getByRole("contentinfo").getByRole("link", { name: "العربية" }).click();
  await expect(html).toHaveAttribute("lang", "ar");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveURL(/\/contact$/u);
  await expect(page).not.toHaveURL(/\/en\//u);
  await expect(page).toHaveTitle("تواصل معنا | كلمة");
  const again = await page.goto("/about");
  expect(await again?.text()).toContain('<html lang="ar" dir="rtl">');
});

// On a slow phone the switch is often pressed before the app has woken: the browser follows its
// link, and our server records Arabic as it answers. The page being left goes on waking until
// the next one arrives; the choice it would remember as it settles (English, from its address)
// must not undo the one just made.
test("a switch pressed before the app wakes is not undone by the page being left", async ({
  page,
}) => {
  const releaseApp = await holdRequests(page, /\/assets\/[^/]+\.js$/u);
  const english = await openIn(page, "en", "/contact");
  expect(await english?.text()).toContain('<html lang="en" dir="ltr">');
  await expect(page).toHaveURL(/\/en\/contact$/u);
  // The page being left says when it has woken: the test cannot reach into it while a
  // navigation away is under way.
  await page.evaluate(() => {
    const root = document.getElementById("root")!;
    new MutationObserver(() => {
      if (root.hasAttribute("data-hydrated")) console.log("hydrated");
    }).observe(root, { attributes: true });
  });
  const woken = new Promise<void>((resolve) =>
    page.on("console", (message) => {
      if (message.text() === "hydrated") resolve();
    }),
  );
  // The server answers the switch's link (recording Arabic in the browser's cookies); the
  // browser follows its redirect only once the page being left has woken.
  await page.route(/\?language=ar$/u, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = answer.headers().location ?? "";
    expect(answer.status()).toBe(303);
    expect(location).toMatch(/\/contact$/u);
    releaseApp();
    await woken;
    await route.fulfill({ status: 303, headers: { location } });
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page).toHaveURL(/\/contact$/u);
  const again = await page.goto("/about");
  expect(await again?.text()).toContain('<html lang="ar" dir="rtl">');
});

test("in English, every link keeps the language in the address, and a new tab opens in English", async ({
  page,
  context,
}) => {
  await page.goto("/en");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  const banner = page.getByRole("banner");
  for (const [name, path, title] of [
    ["About", "/en/about", "About | Kalima"],
    ["Programs", "/en/programs", "Programs | Kalima"],
    ["Community", "/en/community", "Community | Kalima"],
  ] as const) {
    await banner.getByRole("link", { name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`, "u"));
    await expect(page).toHaveTitle(title);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  // Every link to a page of the site, but the switch to Arabic, stays in English.
  const hrefs = await page
    .locator('a[href^="/"]:not([hreflang="ar"])')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) expect(href).toMatch(/^\/en(\/|$)/u);

  // A fresh browser with nothing remembered, as whoever receives the shared link.
  const stranger = await context.browser()?.newContext();
  const tab = await stranger!.newPage();
  await tab.goto(page.url());
  await expect(tab.locator("html")).toHaveAttribute("lang", "en");
  await expect(tab).toHaveTitle("Community | Kalima");
  await stranger!.close();
});

/**
 * Resolves once the page has run every idle task it queued before this was asked: the app
 * remembers a language in one (lib/when-idle.ts), so a choice it was going to write is written.
 */
function idleTasksRun(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => resolve(), { timeout: 300 });
      }),
  );
}

test("the editor's preview shows each language at its own address and remembers neither", async ({
  page,
  context,
  baseURL,
}) => {
  const cookie = () =>
    context.cookies().then((all) => all.find((each) => each.name === "kalima-language")?.value);
  await context.addCookies([{ name: "kalima-language", value: "en", url: baseURL ?? "" }]);
  // The Arabic frame's address is the unprefixed one: the member's English choice must not
  // turn it English, before or after the app wakes.
  const response = await page.goto("/community?preview");
  expect(response?.headers()["content-language"]).toBe("ar");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page).toHaveURL(/\/community\?preview=?$/u);
  await idleTasksRun(page);
  expect(await cookie()).toBe("en");

  // The English frame, awake, leaves an Arabic choice as it was.
  await context.addCookies([{ name: "kalima-language", value: "ar", url: baseURL ?? "" }]);
  await page.goto("/en/community?preview");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await idleTasksRun(page);
  expect(await cookie()).toBe("ar");
  expect(await page.evaluate(() => window.localStorage.getItem("kalima-language"))).not.toBe("en");
});

test("the language survives moving between pages", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/en\/contact$/u);
  await expect(page).toHaveTitle("Contact Us | Kalima");
});

// The switch names the other language in that language, a word the page's own text faces do not
// hold: it must still be drawn in the site's face (its own cut, fonts.css), not the system's.
for (const [language, path, label] of [
  ["ar", "/about", "English"],
  ["en", "/en/about", "العربية"],
] as const) {
  test(`the switch names ${label} in the site's own face, in the header and the footer`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await page.evaluate(() => document.fonts.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector: "header a[hreflang] span, footer a[hreflang] span",
    });
    expect(nodeIds).toHaveLength(2);
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      expect(fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }))).toEqual([
        { familyName: "Readex Pro", isCustomFont: true },
      ]);
    }
    for (const landmark of [page.getByRole("banner"), page.getByRole("contentinfo")]) {
      const name = landmark.getByRole("link", { name: label }).getByText(label);
      // The cut holds one weight: the label asks for that one, so none is synthesised.
      await expect(name).toHaveCSS("font-weight", "500");
    }
  });
}

/** The chunks of strings the page has fetched, by language. */
async function stringsFetched(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .flatMap((entry) => /\/content-(ar|en)-[\w-]+\.js$/u.exec(entry.name)?.[1] ?? []),
  );
}

test("a page's scripts carry its own language only; the other's load when the visitor switches", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  expect(await stringsFetched(page)).toEqual(["ar"]);

  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Kalima");
  expect((await stringsFetched(page)).sort()).toEqual(["ar", "en"]);

  await page.goto("/en/programs");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  expect(await stringsFetched(page)).toEqual(["en"]);
});

test("when the other language's strings cannot load, the switch still reaches its page", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/content-en|Failed to fetch dynamically imported module|ERR_FAILED/u);
  // Leaving a page with a script load just failed, Chromium may skip the cross-document fade
  // and say so (as in hydration.spec.ts); the page itself loads as it should.
  consoleErrors.allow(/ViewTransition opt-in disabled/u);
  await page.route(/\/assets\/content-en-[\w-]+\.js$/u, (route) => route.abort());
  await page.goto("/contact");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/contact$/u);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
});

test("a switch waiting for its strings changes the page shown when they arrive", async ({
  page,
}) => {
  const release = await holdRequests(page, /\/assets\/content-en-[\w-]+\.js$/u);
  await page.goto("/about");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  const banner = page.getByRole("banner");
  await banner.getByRole("link", { name: "English" }).click();
  // While the English strings are on their way, the visitor moves on to another page.
  await banner.getByRole("navigation").getByRole("link", { name: "برامجنا" }).click();
  await expect(page).toHaveURL(/\/programs$/u);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("برامجنا");
  release();
  await expect(page).toHaveURL(/\/en\/programs$/u);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Programs");
});

// A page preloads its own language's faces only. Once awake it loads the other's, and reaching
// for the switch sooner starts them at once, so the page switched to is drawn in them at once,
// not in the system's face until they arrive; and in the cuts the other language's pages
// preload, not the whole files that also hold their letters.
for (const [path, other, label, heading] of [
  ["/about", "/en/about", "English", "About Kalima"],
  ["/en/about", "/about", "العربية", "عن كلمة"],
] as const) {
  test(`reaching for ${label} loads its faces before the switch`, async ({ page, request }) => {
    const faces = await preloadedFonts(request, other);
    await page.goto(path);
    await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
    const link = page.getByRole("banner").getByRole("link", { name: label });
    await link.hover();
    await expect.poll(() => fontsFetched(page)).toEqual(expect.arrayContaining(faces));
    await page.evaluate(() => document.fonts.ready);
    const before = await fontsFetched(page);
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsFetched(page)).toEqual(before);
  });
}

test("no frame shows one language's words in the other's direction", async ({ page }) => {
  await page.goto("/programs");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  // What every frame painted: the direction, and the heading's words.
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { framesSeen: Set<string> }).framesSeen = seen;
    const sample = () => {
      const heading = document.querySelector("h1")?.textContent ?? "";
      seen.add(`${document.documentElement.dir} ${heading}`);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const html = page.locator("html");
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(html).toHaveAttribute("dir", "ltr");
  await page.getByRole("banner").getByRole("link", { name: "العربية" }).click();
  await expect(html).toHaveAttribute("dir", "rtl");
  // Two more frames drawn: the one after the switch has been sampled.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const frames = await page.evaluate(() => [
    ...(window as unknown as { framesSeen: Set<string> }).framesSeen,
  ]);
  expect(frames.sort()).toEqual(["ltr Our Programs", "rtl برامجنا"]);
});

test("what the switch held back below the screen is drawn in the next frame, where it belongs", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  // Every frame's held parts, and the footer's place once all is drawn.
  await page.evaluate(() => {
    const held: number[] = [];
    (window as unknown as { heldPerFrame: number[] }).heldPerFrame = held;
    const sample = () => {
      held.push(document.querySelectorAll(".held-below-screen").length);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const held = await page.evaluate(
    () => (window as unknown as { heldPerFrame: number[] }).heldPerFrame,
  );
  // Held for the frame showing the switch, then never again. The release is a task queued once
  // that frame is painted, so a busy page may sample one or two frames more before it runs.
  const heldFrames = held.filter((count) => count > 0).length;
  expect(heldFrames).toBeGreaterThanOrEqual(1);
  expect(heldFrames).toBeLessThanOrEqual(3);
  const firstHeld = held.findIndex((count) => count > 0);
  expect(held.slice(firstHeld, firstHeld + heldFrames).every((count) => count > 0)).toBe(true);
  expect(held.at(-1)).toBe(0);
  await expect(page.locator("[style*='--held-']")).toHaveCount(0);
  // The bands below keep their own height: the footer ends the page.
  const gap = await page.evaluate(() => {
    const footer = document.querySelector("footer")?.getBoundingClientRect();
    return footer ? document.documentElement.scrollHeight - (footer.bottom + scrollY) : -1;
  });
  expect(Math.abs(gap)).toBeLessThan(2);
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toBeVisible();
});

// An address whose path names another host (`/en//evil.example`) must not make the switch a
// way off the site: its link, the press answered in place, and the server's redirect stay here.
for (const scripts of [true, false]) {
  test.describe(`the language switch on a hostile address, ${scripts ? "with" : "without"} scripts`, () => {
    test.use({ javaScriptEnabled: scripts });

    for (const address of ["/en//evil.example", "/en/%5cevil.example", "/en/%2fevil.example/x"]) {
      test(`${address} keeps the visitor on the site`, async ({ page, consoleErrors, baseURL }) => {
        consoleErrors.allow(/status of 404/u);
        const origin = new URL(baseURL ?? "").origin;
        const response = await page.goto(address);
        expect(response?.status()).toBe(404);
        if (scripts) await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
        const link = page.getByRole("banner").getByRole("link", { name: "العربية" });
        const href = (await link.getAttribute("href")) ?? "";
        expect(new URL(href, page.url()).origin).toBe(origin);
        await link.click();
        await expect(page.locator("html")).toHaveAttribute("lang", "ar");
        await expect(page).toHaveURL(
          (url) => url.origin === origin && !url.pathname.startsWith("/en"),
        );
        expect(new URL(page.url()).origin).toBe(origin);
      });
    }
  });
}
