import { sitePages } from "../../src/shared/pages.js";
import { localizedPath } from "../../src/shared/language.ts";
import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

// Every page is prerendered HTML that works on its own: with scripts off, nothing is missing.
test.use({ javaScriptEnabled: false });

const content = { ar, en };

for (const language of ["ar", "en"] as const) {
  test(`every page in ${language} reads without scripts`, async ({ page }) => {
    for (const route of sitePages) {
      const response = await page.goto(localizedPath(route.path, language));
      expect(response?.status(), route.path).toBe(200);
      const words = content[language];
      await expect(page).toHaveTitle(`${words.meta[route.id].title} | ${words.siteName}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });
}

test("the language switches, and the server remembers the choice", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/about$/u);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle("About | Kalima");
  // English pages link to English pages.
  await page.getByRole("banner").getByRole("link", { name: "Programs", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/programs$/u);

  await page.getByRole("contentinfo").getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/programs$/u);
  await expect(page).not.toHaveURL(/\/en\//u);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // The cookie now says Arabic: the server does not send the visitor back to English.
  const home = await page.goto("/");
  expect(home?.headers()["content-language"]).toBe("ar");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const [language, path, open, close, label] of [
    ["ar", "/", "افتح القائمة", "أغلق القائمة", "التنقل الرئيسي"],
    ["en", "/en", "Open menu", "Close menu", "Main"],
  ] as const) {
    test(`the menu opens and closes in ${language}`, async ({ page }) => {
      await page.goto(path);
      const menu = page.getByRole("navigation", { name: label }).last();
      await expect(menu).toBeHidden();
      await page.getByRole("button", { name: open }).click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("listitem")).toHaveCount(8);
      await page.getByRole("button", { name: close }).click();
      await expect(menu).toBeHidden();
    });
  }
});

for (const [language, path, title, day] of [
  ["en", "/en/programs", "Between the Covers", "Sunday"],
  ["ar", "/programs", "صوتك هويتك", "الخميس"],
] as const) {
  test(`a program card opens and closes in ${language}`, async ({ page }) => {
    await page.goto(path);
    const card = page.locator("details", { hasText: title });
    const panel = card.locator("dl");
    await expect(panel).toBeHidden();
    await card.locator("summary").click();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(day);
    await card.locator("summary").click();
    await expect(panel).toBeHidden();
  });
}

for (const language of ["ar", "en"] as const) {
  test(`a card of the home page leads to its program, opened, in ${language}`, async ({ page }) => {
    const words = content[language];
    const title = words.programs[4]?.title ?? "";
    await page.goto(localizedPath("/", language));
    const grid = page.getByRole("region", { name: words.home.programs.title });
    await grid.getByRole("listitem").filter({ hasText: title }).click();
    await expect(page).toHaveURL(
      new RegExp(`:\\d+${localizedPath("/programs", language)}#[\\w-]+$`, "u"),
    );
    const card = page.locator("details", { hasText: title });
    await expect(card.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
    await expect(card.locator("dl")).toBeVisible();
    await expect(card.locator("dl")).toContainText(words.timeZone);
    // The others stay closed.
    await expect(page.locator("details dl:visible")).toHaveCount(1);
  });
}

const forms = {
  ar: {
    path: "/contact",
    name: "الاسم",
    email: "البريد الإلكتروني",
    message: "الرسالة",
    question: "ما ناتج ٢ + ٣؟",
    send: "أرسل الرسالة",
    sent: ar.form.sent.contact.text,
    answerWrong: ar.form.errors.answerWrong,
    answer: "٥",
  },
  en: {
    path: "/en/mutakallim",
    name: "Name",
    email: "Email",
    message: "Message",
    question: "What is 2 + 3?",
    send: "Register Now",
    sent: en.form.sent.mutakallim.text,
    answerWrong: en.form.errors.answerWrong,
    answer: "5",
  },
} as const;

for (const language of ["ar", "en"] as const) {
  const form = forms[language];

  test(`a form posted in ${language} stores its row and says so`, async ({ page, submissions }) => {
    await page.goto(form.path);
    const email = uniqueEmail(`plain-${language}`);
    const main = page.getByRole("main");
    await main.getByLabel(form.name).fill("Rana");
    await main.getByLabel(form.email).fill(email);
    await main.getByLabel(form.message).fill("كلمة طيبة");
    await main.getByLabel(form.question).fill(form.answer);
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await main.getByRole("button", { name: form.send }).click();
    // Posted, never in the address.
    expect((await posted).url()).not.toContain("Rana");
    await expect(page.getByText(form.sent)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${form.path}\\?outcome=sent#form-outcome$`, "u"));
    expect(page.url()).not.toContain(encodeURIComponent(email));
    expect(await submissions.find(email)).toEqual([
      expect.objectContaining({
        name: "Rana",
        message: "كلمة طيبة",
        form_source: language === "ar" ? "Contact Page" : "Mutakallim Program",
      }),
    ]);
    await expect(main.getByLabel(form.email)).toHaveValue("");
  });

  test(`a wrong answer in ${language} is refused, keeping what was typed`, async ({
    page,
    submissions,
    consoleErrors,
  }) => {
    // The refusal is the page itself, answered 422, which Chromium logs.
    consoleErrors.allow(/status of 422/u);
    await page.goto(form.path);
    const email = uniqueEmail(`plain-wrong-${language}`);
    const main = page.getByRole("main");
    await main.getByLabel(form.name).fill("Rana");
    await main.getByLabel(form.email).fill(email);
    await main.getByLabel(form.message).fill('<b>"كلمة"</b>\nسطر ثانٍ');
    await main.getByLabel(form.question).fill("4");
    await main.getByRole("button", { name: form.send }).click();
    const summary = main.getByRole("alert").filter({ hasText: form.answerWrong });
    await expect(summary).toBeFocused();
    await expect(main.getByLabel(form.question)).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel(form.email)).toHaveValue(email);
    await expect(main.getByLabel(form.message)).toHaveValue('<b>"كلمة"</b>\nسطر ثانٍ');
    await expect(main.getByLabel(form.question)).toHaveValue("4");
    expect(await submissions.find(email)).toEqual([]);
  });
}
