import { expect, openIn, test } from "./fixtures.ts";

test("an unknown path gets the not-found page with 404, in Arabic", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/u);
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("٤٠٤")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصفحة غير موجودة");
  await expect(page).toHaveTitle("الصفحة غير موجودة | كلمة");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("in English, and its button goes home", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/u);
  const response = await openIn(page, "en", "/missing");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(
    page.getByText("Sorry, we couldn't find the page you're looking for."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  // An English page's links stay in English.
  await expect(page).toHaveURL(/\/en$/u);
  await expect(page).toHaveTitle("Home | Kalima");
});
