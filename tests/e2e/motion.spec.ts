import { expect, test } from "./fixtures.ts";

test("page changes go through a view transition, old page out before the new one in", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const original = document.startViewTransition?.bind(document);
    if (!original) return;
    (window as unknown as { transitions: number }).transitions = 0;
    document.startViewTransition = ((update: ViewTransitionUpdateCallback) => {
      (window as unknown as { transitions: number }).transitions += 1;
      return original(update);
    }) as typeof document.startViewTransition;
  });
  await page.goto("/");
  // Before the app wakes a link is a plain link (no transition): focus wakes it first.
  const about = page.getByRole("banner").getByRole("link", { name: "عن المنصة" });
  await about.focus();
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await about.click();
  await expect(page).toHaveTitle("عن المنصة | كلمة");
  expect(
    await page.evaluate(() => (window as unknown as { transitions: number }).transitions),
  ).toBe(1);
  const timing = await page.evaluate(() => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
    const find = (selector: string) =>
      rules.find(
        (rule): rule is CSSStyleRule =>
          rule instanceof CSSStyleRule && rule.selectorText === selector,
      );
    return {
      leave: find("::view-transition-old(page)")?.style.animation,
      enter: find("::view-transition-new(page)")?.style.animation,
    };
  });
  expect(timing.leave).toMatch(/^0.16s .*page-leave$/u);
  // The new page waits for the old one to leave: its delay is the old one's duration.
  expect(timing.enter).toMatch(/^0.26s ease-out 0.16s .*page-enter$/u);
});

test("a page fade that is skipped leaves nothing uncaught in the visitor's console", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/ViewTransition opt-in disabled/u);
  // The browser skips a fade when the tab is hidden while it runs (a visitor switching tabs);
  // here the next page skips its own as soon as it is revealed, every time.
  await page.addInitScript(() => {
    addEventListener("pagereveal", (event) => event.viewTransition?.skipTransition());
  });
  await page.route("**/assets/*.js", () => new Promise<void>(() => {}));
  await page.goto("/");
  await page.locator('header a[href="/about"]').first().click();
  await expect(page).toHaveTitle("عن المنصة | كلمة");
  await page.locator('header a[href="/contact"]').first().click();
  await expect(page).toHaveTitle(/^تواصل/u);
  // Rejections are reported after the task that made them: give them a frame to arrive.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
});

test("the hero's phrases drift, and stand still when motion is reduced", async ({
  browser,
  baseURL,
}) => {
  // The band above the hero's words rises, the band below sinks: away from the words.
  for (const [reducedMotion, expected] of [
    ["no-preference", ["phrase-rise", "phrase-sink"]],
    ["reduce", ["none", "none"]],
  ] as const) {
    const context = await browser.newContext({ baseURL, reducedMotion });
    const page = await context.newPage();
    await page.goto("/");
    const phrases = page.locator(".floating-phrase");
    await expect(phrases).toHaveCount(20);
    await expect(phrases.first()).toHaveAttribute("lang", "ar");
    const animation = (index: number) =>
      phrases.nth(index).evaluate((element) => getComputedStyle(element).animationName);
    expect([await animation(0), await animation(19)]).toEqual(expected);
    // Two bands, each hidden from assistive technology as a whole.
    expect(await page.locator('[aria-hidden="true"]:has(> .floating-phrase)').count()).toBe(2);
    await context.close();
  }
});
