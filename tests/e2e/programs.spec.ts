import { expect, openIn, test } from "./fixtures.ts";

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
