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

const registration = { ar: "/mutakallim", en: "/en/mutakallim" } as const;

/** The registration form, far down a long page on a phone, sent with a wrong answer. */
async function registerWithWrongAnswer(page: Page, language: Language, beforeSend = () => {}) {
  const form = content[language].form;
  const main = page.getByRole("main");
  await main.getByLabel(form.name).fill("Rana");
  await main.getByLabel(form.email).fill("rana@example.com");
  await main.getByLabel(form.message).fill("أود أن أتحدث بثقة.");
  await main.getByLabel(form.question).fill("4");
  beforeSend();
  await main.getByRole("button", { name: form.mutakallim.submit }).click();
}

/** The refusal is where the visitor looks: focused, naming the answer, inside the screen. */
async function expectRefusalInView(page: Page, language: Language) {
  const form = content[language].form;
  const main = page.getByRole("main");
  const summary = main.getByRole("alert").filter({ hasText: form.errorSummaryTitle });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole("link")).toHaveText([form.errors.answerWrong]);
  const answer = main.getByLabel(form.question);
  await expect(answer).toHaveAttribute("aria-invalid", "true");
  await expect(answer).toHaveValue("4");
  await expect(main.getByLabel(form.message)).toHaveValue("أود أن أتحدث بثقة.");
  const top = await page.evaluate(() => window.scrollY);
  expect(top).toBeGreaterThan(1000);
}

test.describe("a refusal on a phone lands on what went wrong", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const language of ["ar", "en"] as const) {
    test.describe(() => {
      test.use({ javaScriptEnabled: false });
      test(`without scripts, in ${language}`, async ({ page, consoleErrors }) => {
        consoleErrors.allow(/status of 422/u);
        await page.goto(registration[language]);
        await registerWithWrongAnswer(page, language);
        await expect(page).toHaveURL(new RegExp(`${registration[language]}$`, "u"));
        await expectRefusalInView(page, language);
      });
    });

    test(`with scripts, in ${language}`, async ({ page }) => {
      await page.goto(registration[language]);
      await expect(page.locator("#root[data-hydrated]")).toBeAttached();
      await registerWithWrongAnswer(page, language);
      await expect(
        page.getByText(content[language].toasts.verificationFailed.title, { exact: true }),
      ).toBeVisible();
      await expectRefusalInView(page, language);
    });

    test(`sent before the app wakes, in ${language}`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 422/u);
      // The first page's scripts never arrive: the tap is the browser's own post.
      let firstPage = true;
      await page.route("**/assets/*.js", async (route) => {
        if (firstPage) return;
        await route.continue();
      });
      // Deferred scripts hold back DOMContentLoaded: the page is used as soon as it is drawn.
      await page.goto(registration[language], { waitUntil: "commit" });
      await expect(page.getByRole("main").getByLabel(content[language].form.name)).toBeVisible();
      await registerWithWrongAnswer(page, language, () => {
        firstPage = false;
      });
      await expectRefusalInView(page, language);
      await expect(page.locator("#root[data-hydrated]")).toBeAttached();
      await expectRefusalInView(page, language);
    });
  }
});
