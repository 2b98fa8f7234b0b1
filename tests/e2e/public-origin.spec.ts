import { expect, test } from "./fixtures.ts";

// The browser suite's server is started with SITE_URL set to its own address, on a site built
// without it: the pages must name the server's origin, and still do once the app has taken over.
test("a page names the origin the server was started with, before and after it wakes", async ({
  page,
}) => {
  await page.goto("/en/programs");
  const origin = new URL(page.url()).origin;
  const canonical = page.locator('head link[rel="canonical"]');
  const image = page.locator('head meta[property="og:image"]');
  await expect(canonical).toHaveAttribute("href", `${origin}/en/programs`);

  await page.keyboard.press("Tab");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await expect(canonical).toHaveAttribute("href", `${origin}/en/programs`);
  await expect(image).toHaveAttribute("content", `${origin}/og-image.png`);
  await expect(page.locator('head meta[property="og:image:alt"]')).toHaveAttribute(
    "content",
    /calligraphy/u,
  );
  await expect(page.locator('head link[hreflang="ar"]')).toHaveAttribute(
    "href",
    `${origin}/programs`,
  );
});
