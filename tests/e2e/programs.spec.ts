import { localizedPath } from "../../src/shared/language.ts";
import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, openIn, test } from "./fixtures.ts";

const content = { ar, en };

test("each program card expands and collapses, showing its day and time", async ({ page }) => {
  await openIn(page, "en", "/programs");
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  const cards = page.locator("summary[aria-expanded=false]");
  await expect(cards).toHaveCount(6);

  const first = page.locator("summary", { hasText: "Between the Covers" });
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("Between the Covers");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  const panel = page.locator(`#${await first.getAttribute("aria-controls")}`);
  await expect(panel).toBeHidden();

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Sunday");
  await expect(panel).toContainText("9:00");
  await expect(panel).toContainText("PM");

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toBeHidden();
});

test("in Arabic, times read as an Arabic reader expects", async ({ page }) => {
  await page.goto("/programs");
  const card = page.locator("summary", { hasText: "صوتك هويتك" });
  await card.click();
  const panel = page.locator(`#${await card.getAttribute("aria-controls")}`);
  await expect(panel).toContainText("الخميس");
  await expect(panel).toContainText("٩:٠٠ م");
});

for (const language of ["ar", "en"] as const) {
  test(`an address naming a program opens it, in ${language}`, async ({ page }) => {
    const title = content[language].programs[5]?.title ?? "";
    await page.goto(localizedPath("/", language));
    const href = await page.getByRole("link", { name: title }).getAttribute("href");
    // Loaded whole from the address the home page's card gives, as from a shared link.
    await page.goto(href ?? "");
    await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
    const summary = page.locator("summary", { hasText: title });
    await expect(summary).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("summary[aria-expanded=true]")).toHaveCount(1);
    await expect(summary.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
  });
}
