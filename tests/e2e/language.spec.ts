import { expect, test } from "./fixtures.ts";

test("Arabic by default, right to left", async ({ page }) => {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("تواصل معنا | كلمة");
});

test("either toggle flips language, direction, strings and metadata, and the choice is remembered", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  const html = page.locator("html");
  await expect(html).toHaveAttribute("lang", "en");
  await expect(html).toHaveAttribute("dir", "ltr");
  await expect(page).toHaveTitle("Contact Us | Kalima");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Contact Us | Kalima",
  );
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_US");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Kalima team/u);

  // A new visit gets English from the server itself: no Arabic first paint.
  const response = await page.reload();
  expect(await response?.text()).toContain('<html lang="en" dir="ltr">');
  await expect(page).toHaveTitle("Contact Us | Kalima");

  await page.getByRole("contentinfo").getByRole("button", { name: "العربية" }).click();
  await expect(html).toHaveAttribute("lang", "ar");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("تواصل معنا | كلمة");
  const again = await page.goto("/about");
  expect(await again?.text()).toContain('<html lang="ar" dir="rtl">');
});

test("the language survives moving between pages", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/contact$/u);
  await expect(page).toHaveTitle("Contact Us | Kalima");
});
