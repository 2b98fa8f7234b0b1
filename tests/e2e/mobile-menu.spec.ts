import { expect, test } from "./fixtures.ts";

test.use({ viewport: { width: 375, height: 740 } });

test("the menu opens from its button and closes when a link is chosen", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "افتح القائمة" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  const close = page.getByRole("button", { name: "أغلق القائمة" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("navigation", { name: "التنقل الرئيسي" });
  await expect(menu.getByRole("listitem")).toHaveCount(8);
  await menu.getByRole("link", { name: "برامجنا" }).click();
  await expect(page).toHaveURL(/\/programs$/u);
  await expect(page.getByRole("button", { name: "افتح القائمة" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(menu).toBeHidden();
});

test("the register button in the menu goes to /contact and closes it", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("button", { name: "افتح القائمة" }).click();
  await page
    .getByRole("navigation", { name: "التنقل الرئيسي" })
    .getByRole("link", { name: "سجّل الآن" })
    .click();
  await expect(page).toHaveURL(/\/contact$/u);
  await expect(page.getByRole("button", { name: "افتح القائمة" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("Escape closes the menu and returns focus to its button", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "افتح القائمة" }).click();
  await page.keyboard.press("Escape");
  const button = page.getByRole("button", { name: "افتح القائمة" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
});
