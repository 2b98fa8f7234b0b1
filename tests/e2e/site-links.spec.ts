import { pages } from "../../src/shared/pages.js";
import { linkSettings } from "../../src/shared/site-links.js";
import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, openIn, test } from "./fixtures.ts";
import type { Locator } from "@playwright/test";

const content = { ar, en };

// `npm test` runs on a build that names no account (no VITE_LINK_*). Built and run with every
// VITE_LINK_* set (docs/configuration.md), the same checks hold the configured site.
const configuredCount = linkSettings.filter((name) => process.env[name]?.trim()).length;
if (configuredCount !== 0 && configuredCount !== linkSettings.length) {
  throw new Error(`Set every VITE_LINK_* or none to run this file: ${configuredCount} are set.`);
}
const configured = configuredCount > 0;

// No page may link a profile or a playlist that someone guessed.
const accountHosts = [
  "instagram.com",
  "x.com",
  "twitter.com",
  "youtube.com",
  "tiktok.com",
  "facebook.com",
];
const accountLinks = accountHosts.map((host) => `a[href*="${host}"]`).join(", ");

/** The grid's last item ends where the grid's content ends: no column is left empty. */
async function fillsItsRow(grid: Locator) {
  return grid.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const last = element.lastElementChild?.getBoundingClientRect();
    if (!last) return false;
    const gap =
      style.direction === "rtl"
        ? last.left - (box.left + Number.parseFloat(style.paddingLeft))
        : box.right - Number.parseFloat(style.paddingRight) - last.right;
    return Math.abs(gap) < 1;
  });
}

for (const scripts of [true, false]) {
  test.describe(scripts ? "with scripts" : "without scripts", () => {
    test.use({ javaScriptEnabled: scripts, viewport: { width: 1280, height: 900 } });

    for (const language of ["ar", "en"] as const) {
      const words = content[language];

      if (!configured) {
        test(`no page links an account nobody configured, in ${language}`, async ({ page }) => {
          test.setTimeout(60_000);
          for (const route of pages) {
            await openIn(page, language, route.path);
            // Located in the whole document, collapsed program cards included.
            await expect(page.locator(accountLinks), route.path).toHaveCount(0);
            await expect(page.locator("a", { hasText: words.programsPage.watch })).toHaveCount(0);
            await expect(page.getByRole("heading", { name: words.footer.followUs })).toHaveCount(0);
          }
          await openIn(page, language, "/contact");
          await expect(page.getByRole("heading", { name: words.contact.socialTitle })).toHaveCount(
            0,
          );
        });

        test(`the words and the layout follow the missing links, in ${language}`, async ({
          page,
        }) => {
          await openIn(page, language, "/programs");
          await expect(page.getByRole("main")).toContainText(words.programsPage.scheduleOnly.lead);
          await expect(page.getByRole("main")).not.toContainText(words.programsPage.lead);
          await expect(page.locator('meta[name="description"]')).toHaveAttribute(
            "content",
            words.programsPage.scheduleOnly.description,
          );
          expect(await fillsItsRow(page.getByRole("contentinfo").locator("> div").first())).toBe(
            true,
          );
        });
      } else {
        test(`every configured link shows as the specification has it, in ${language}`, async ({
          page,
        }) => {
          await openIn(page, language, "/programs");
          await expect(page.getByRole("main")).toContainText(words.programsPage.lead);
          await expect(page.locator('meta[name="description"]')).toHaveAttribute(
            "content",
            words.meta.programs.description,
          );
          const cards = page.getByRole("main").locator("details");
          await expect(cards).toHaveCount(6);
          for (const card of await cards.all()) {
            await card.locator("summary").click();
            const watch = card.getByRole("link", { name: words.programsPage.watch });
            await expect(watch).toBeVisible();
            await expect(watch).toHaveAttribute("target", "_blank");
            await expect(watch).toHaveAttribute("href", /^https:\/\//u);
          }

          const footer = page.getByRole("contentinfo");
          await expect(footer.getByRole("heading", { name: words.footer.followUs })).toBeVisible();
          await expect(footer.locator(accountLinks)).toHaveCount(5);
          expect(await fillsItsRow(footer.locator("> div").first())).toBe(true);

          await openIn(page, language, "/contact");
          const main = page.getByRole("main");
          await expect(
            main.getByRole("heading", { name: words.contact.socialTitle }),
          ).toBeVisible();
          const profiles = main.locator(accountLinks);
          await expect(profiles).toHaveCount(5);
          for (const link of await profiles.all()) {
            await expect(link).toHaveAttribute("target", "_blank");
          }
        });
      }
    }
  });
}
