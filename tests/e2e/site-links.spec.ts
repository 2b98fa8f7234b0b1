import { pages } from "../../src/shared/pages.js";
import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, openIn, test } from "./fixtures.ts";

const content = { ar, en };

// The browser suite runs on a build that names no account (no VITE_LINK_*): no page may then
// link a profile or a playlist that someone guessed.
const accountHosts = [
  "instagram.com",
  "x.com",
  "twitter.com",
  "youtube.com",
  "tiktok.com",
  "facebook.com",
];
const accountLinks = accountHosts.map((host) => `a[href*="${host}"]`).join(", ");

for (const language of ["ar", "en"] as const) {
  test(`no page links an account nobody configured, in ${language}`, async ({ page }) => {
    const words = content[language];
    for (const route of pages) {
      await openIn(page, language, route.path);
      // Located in the whole document, collapsed program cards included.
      await expect(page.locator(accountLinks), route.path).toHaveCount(0);
      await expect(page.locator("a", { hasText: words.programsPage.watch })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: words.footer.followUs })).toHaveCount(0);
    }
    await openIn(page, language, "/contact");
    await expect(page.getByRole("heading", { name: words.contact.socialTitle })).toHaveCount(0);
  });
}
