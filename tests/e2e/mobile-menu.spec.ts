import type { Page } from "@playwright/test";
import { expect, holdRequests, test } from "./fixtures.ts";

test.use({ viewport: { width: 375, height: 740 } });

async function openAwake(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
}

test("the menu opens from its button and closes when a link is chosen", async ({ page }) => {
  await openAwake(page, "/");
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
  await openAwake(page, "/about");
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
  await openAwake(page, "/");
  await page.getByRole("button", { name: "افتح القائمة" }).click();
  await page.keyboard.press("Escape");
  const button = page.getByRole("button", { name: "افتح القائمة" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
});

test("the open menu shows one language switch, and it keeps its place", async ({ page }) => {
  await openAwake(page, "/en/programs");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
  const switches = page.getByRole("link", { name: "العربية" });
  await expect(switches.filter({ visible: true })).toHaveCount(2); // the header's and the footer's
  await expect(page.getByRole("banner").getByRole("link", { name: "العربية" })).toHaveCount(1);
  await page.getByRole("banner").getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/programs$/u);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

test("a press outside the open menu closes it", async ({ page }) => {
  await openAwake(page, "/");
  const button = page.getByRole("button", { name: "افتح القائمة" });
  await button.click();
  await expect(page.getByRole("button", { name: "أغلق القائمة" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.mouse.click(200, 700);
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("a menu opened before the app wakes stays open when the app moves to the remembered language", async ({
  page,
}) => {
  // A static host sends Arabic; the app, once awake, moves to the English this browser chose.
  // That move is no page change: the menu the visitor opened meanwhile stays open.
  await page.addInitScript(() => window.localStorage.setItem("kalima-language", "en"));
  const release = await holdRequests(page, "**/assets/*.js");
  await page.goto("/community");
  await page.getByRole("button", { name: "افتح القائمة" }).click();
  const menu = page.locator("[popover]");
  await expect(menu).toBeVisible();
  release();
  await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
  await expect(page).toHaveURL(/\/en\/community$/u);
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(menu).toBeVisible();
});
