import { sitePages } from "../../src/shared/pages.js";
import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, openIn, test } from "./fixtures.ts";

const content = { ar, en };

for (const language of ["ar", "en"] as const) {
  for (const route of sitePages) {
    test(`${route.path} in ${language}: status, metadata, landmarks, one h1`, async ({ page }) => {
      const response = await openIn(page, language, route.path);
      expect(response?.status()).toBe(200);
      const words = content[language];
      const title = `${words.meta[route.id].title} | ${words.siteName}`;
      await expect(page).toHaveTitle(title);
      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", language);
      await expect(html).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");

      const meta = (selector: string) => page.locator(`head ${selector}`);
      await expect(meta('meta[name="description"]')).toHaveAttribute("content", /.{20,}/u);
      await expect(meta('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(meta('meta[property="og:description"]')).toHaveAttribute("content", /.{20,}/u);
      await expect(meta('meta[property="og:locale"]')).toHaveAttribute(
        "content",
        language === "ar" ? "ar_AR" : "en_US",
      );
      await expect(meta('meta[property="og:type"]')).toHaveAttribute("content", "website");
      await expect(meta('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\//u);
      // The icon travels inside the page: no request of its own competing with the fonts.
      await expect(meta('link[rel="icon"]')).toHaveAttribute(
        "href",
        /^data:image\/svg\+xml,%3csvg/u,
      );

      await expect(page.locator("h1")).toHaveCount(1);
      // The page's own heading comes first: nothing of the page is read before it says what it is.
      await expect(page.getByRole("main").getByRole("heading").first()).toHaveJSProperty(
        "tagName",
        "H1",
      );
      for (const landmark of ["banner", "main", "contentinfo"] as const) {
        await expect(page.getByRole(landmark)).toHaveCount(1);
      }
      await expect(page.getByRole("navigation").first()).toBeAttached();
      const skip = page.getByRole("link", {
        name: language === "ar" ? "تخطَّ إلى المحتوى" : "Skip to content",
      });
      await expect(skip).toHaveAttribute("href", "#main");
    });
  }
}

for (const language of ["ar", "en"] as const) {
  test(`a coming-soon page's status reads as a status, not a button, in ${language}`, async ({
    page,
  }) => {
    for (const path of ["/mutaallem", "/asdaa-kalima"]) {
      await openIn(page, language, path);
      const status = page.getByRole("main").getByText(content[language].comingSoon.status, {
        exact: true,
      });
      await expect(status).toBeVisible();
      const look = await status.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          border: style.borderTopWidth,
          background: style.backgroundColor,
          cursor: style.cursor,
        };
      });
      expect(look).toEqual({ border: "0px", background: "rgba(0, 0, 0, 0)", cursor: "auto" });
    }
  });
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const language of ["ar", "en"] as const) {
    test(`no page scrolls sideways in ${language}`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 404/u);
      for (const route of [...sitePages.map((item) => item.path), "/no-such-page"]) {
        await openIn(page, language, route);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${route} overflows by ${overflow}px`).toBe(0);
      }
    });
  }
});

test("the skip link takes keyboard users to the content", async ({ page }) => {
  await page.goto("/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "تخطَّ إلى المحتوى" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("the current page is marked in the navigation", async ({ page }) => {
  await page.goto("/community");
  const nav = page.getByRole("banner").getByRole("navigation");
  await expect(nav.getByRole("link", { name: "المجتمع" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
});

test("robots.txt and the sitemap list the site", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/u);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const route of sitePages) {
    expect(xml).toContain(`${route.path === "/" ? "" : route.path}</loc>`);
  }
  expect(xml).toContain('hreflang="en"');
});
