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

for (const scripts of [true, false]) {
  test.describe(scripts ? "with scripts" : "without scripts", () => {
    test.use({ javaScriptEnabled: scripts });

    for (const [language, from, to, switchName, title] of [
      ["en", "/en/no/such/page", "/no/such/page", "العربية", "الصفحة غير موجودة"],
      ["ar", "/no/such/page", "/en/no/such/page", "English", "Page Not Found"],
    ] as const) {
      test(`the language switch of an unknown address in ${language} stays on that address`, async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/status of 404/u);
        await page.goto(from);
        if (scripts) await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
        await page.getByRole("banner").getByRole("link", { name: switchName }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page).toHaveURL(new URL(to, page.url()).href);
        expect(page.url()).not.toContain("__not-found");
        const response = await page.reload();
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      });
    }
  });
}
