import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, test, type Language } from "./fixtures.ts";
import type { Page } from "@playwright/test";

const content = { ar, en };
const address = { ar: "/contact", en: "/en/contact" } as const;

/** Name, a malformed email and the answer typed; the message left out. */
async function submitWithTwoErrors(page: Page, language: Language) {
  const form = content[language].form;
  const main = page.getByRole("main");
  await main.getByLabel(form.name).fill("Rana");
  await main.getByLabel(form.email).fill("rana@");
  await main.getByLabel(form.question).fill("5");
  await main.getByRole("button", { name: form.contact.submit }).click();
}

for (const scripts of [true, false]) {
  test.describe(scripts ? "with scripts" : "without scripts", () => {
    test.use({ javaScriptEnabled: scripts, viewport: { width: 1280, height: 900 } });

    for (const language of ["ar", "en"] as const) {
      const form = content[language].form;

      test(`each field with an error says so beside itself, in ${language}`, async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/status of 422/u);
        await page.goto(address[language]);
        if (scripts) await expect(page.locator("#root[data-hydrated]")).toBeAttached();
        await submitWithTwoErrors(page, language);
        const main = page.getByRole("main");
        const email = main.getByLabel(form.email);
        const message = main.getByLabel(form.message);
        const name = main.getByLabel(form.name);

        await expect(email).toHaveAttribute("aria-invalid", "true");
        await expect(email).toHaveAccessibleDescription(form.errors.emailShape);
        await expect(message).toHaveAttribute("aria-invalid", "true");
        await expect(message).toHaveAccessibleDescription(form.errors.messageMissing);
        await expect(name).not.toHaveAttribute("aria-invalid", /.*/u);
        await expect(main.getByText(form.errors.emailShape)).toHaveCount(2);

        const summary = main.getByRole("alert").filter({ hasText: form.errorSummaryTitle });
        await expect(summary).toHaveCount(1);
        const red = await summary.evaluate((element) => getComputedStyle(element).borderTopColor);
        await expect(email).toHaveCSS("border-top-color", red);
        await expect(message).toHaveCSS("border-top-color", red);
        await expect(name).not.toHaveCSS("border-top-color", red);

        const links = summary.getByRole("link");
        await expect(links).toHaveText([form.errors.emailShape, form.errors.messageMissing]);
        await expect(links.first()).toHaveAttribute("href", "#contact-email");
        await links.first().click();
        await expect(email).toBeFocused();
      });

      test(`a field's error leaves the field beside it as it was, in ${language}`, async ({
        page,
        consoleErrors,
      }) => {
        consoleErrors.allow(/status of 422/u);
        await page.goto(address[language]);
        if (scripts) await expect(page.locator("#root[data-hydrated]")).toBeAttached();
        await submitWithTwoErrors(page, language);
        const main = page.getByRole("main");
        await expect(main.getByLabel(form.email)).toHaveAttribute("aria-invalid", "true");
        const name = await main.getByLabel(form.name).boundingBox();
        const email = await main.getByLabel(form.email).boundingBox();
        if (!name || !email) throw new Error("the fields are not laid out");
        expect(Math.abs(name.height - email.height)).toBeLessThan(1);
        expect(Math.abs(name.y - email.y)).toBeLessThan(1);
      });
    }
  });
}
