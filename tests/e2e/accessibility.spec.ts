import AxeBuilder from "@axe-core/playwright";
import { expect, openIn, test } from "./fixtures.ts";
import { sitePages } from "../../src/shared/pages.js";

const paths = [...sitePages.map((page) => page.path), "/no-such-page"];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const language of ["ar", "en"] as const) {
      test(`axe finds nothing on any page in ${language}`, async ({ page, consoleErrors }) => {
        consoleErrors.allow(/status of 404/u);
        test.setTimeout(90_000);
        for (const path of paths) {
          await openIn(page, language, path);
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
            .analyze();
          const violations = results.violations.map(
            (violation) =>
              `${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          );
          expect(violations).toEqual([]);
        }
      });
    }
  });
}

test("axe finds nothing with a program open and the form's errors shown", async ({ page }) => {
  await page.goto("/programs");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await page.locator("summary", { hasText: "سر الكلمة" }).click();
  await expect(page.locator("summary", { hasText: "سر الكلمة" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.goto("/contact");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await page.getByRole("button", { name: "أرسل الرسالة" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

// axe runs in the page, so the page keeps JavaScript: the app's files are refused instead, and
// the form is posted by the browser and answered by our server as it is without scripts.
for (const [language, address, send] of [
  ["ar", "/contact", "أرسل الرسالة"],
  ["en", "/en/contact", "Send Message"],
] as const) {
  test(`axe finds nothing on a form our server sent back with its errors, in ${language}`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 422|ERR_FAILED|Failed to fetch dynamically imported module/u);
    // Posting from a page whose scripts never loaded, Chromium now and then skips the
    // cross-document fade and says so (as in hydration.spec.ts); the answer loads as it should.
    consoleErrors.allow(/ViewTransition opt-in disabled/u);
    await page.route(/\.js(\?|$)/u, (route) => route.abort());
    await page.goto(address);
    await page.getByRole("main").getByRole("button", { name: send }).click();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
    await expect(page.locator("#root")).not.toHaveAttribute("data-hydrated");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
}
