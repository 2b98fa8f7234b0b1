import { expect, test } from "./fixtures.ts";

const root = "#root";

test("a page does no app work until it is used, and the first press is handled", async ({
  page,
}) => {
  await page.goto("/");
  await page.waitForTimeout(300);
  await expect(page.locator(root)).not.toHaveAttribute("data-hydrated");
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("keyboard users wake the page by moving focus", async ({ page }) => {
  await page.goto("/programs");
  await page.keyboard.press("Tab");
  await expect(page.locator(root)).toHaveAttribute("data-hydrated", "");
});

test("links work before the page wakes, as plain links to prerendered pages", async ({ page }) => {
  await page.goto("/");
  const response = page.waitForResponse((candidate) => candidate.url().endsWith("/about"));
  await page.evaluate(() =>
    document.querySelector<HTMLAnchorElement>('header a[href="/about"]')?.click(),
  );
  expect((await response).status()).toBe(200);
  await expect(page).toHaveTitle("عن المنصة | كلمة");
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
});
