import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, openIn, test, uniqueEmail, type Language } from "./fixtures.ts";

const words = {
  ar: {
    name: "الاسم",
    email: "البريد الإلكتروني",
    phone: "رقم الهاتف",
    message: "الرسالة",
    question: "ما ناتج ٢ + ٣؟",
    send: "أرسل الرسالة",
    verificationFailed: ar.toasts.verificationFailed.title,
    answerWrong: ar.form.errors.answerWrong,
    hint: ar.form.questionHint,
    failed: ar.toasts.contactFailed.title,
    sent: ar.toasts.contactSent.description,
    received: ar.form.sent.contact,
    answer: "٥",
    toRegistration: "سجّل في برنامج المتكلم",
    registrationTitle: "سجّل في البرنامج",
  },
  en: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    message: "Message",
    question: "What is 2 + 3?",
    send: "Send Message",
    verificationFailed: en.toasts.verificationFailed.title,
    answerWrong: en.form.errors.answerWrong,
    hint: en.form.questionHint,
    failed: en.toasts.contactFailed.title,
    sent: en.toasts.contactSent.description,
    received: en.form.sent.contact,
    answer: "5",
    toRegistration: "Register for the Speaker Program",
    registrationTitle: "Register for the program",
  },
} as const;

const typed = {
  name: "ريم العتيبي",
  phone: "+966 55 123 4567",
  message: "أودّ أن أعرف المزيد عن برامجكم.\nشكرًا لكم 🌿",
};

for (const language of ["ar", "en"] as const satisfies Language[]) {
  test.describe(`the contact form in ${language}`, () => {
    const text = words[language];

    async function fill(page: import("@playwright/test").Page, email: string, answer: string) {
      await page.getByLabel(text.name).fill(typed.name);
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.phone).fill(typed.phone);
      await page.getByLabel(text.message).fill(typed.message);
      await page.getByLabel(text.question).fill(answer);
    }

    /** The one row a sent form leaves, with exactly what was typed. */
    const storedRow = (email: string) => [
      expect.objectContaining({ ...typed, email, form_source: "Contact Page" }),
    ];

    test("sends a would-be speaker on to the program's own registration form", async ({ page }) => {
      await openIn(page, language, "/contact");
      await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
      await page.getByRole("main").getByRole("link", { name: text.toRegistration }).click();
      await expect(page).toHaveURL(
        new RegExp(`${language === "en" ? "/en" : ""}/mutakallim#register$`, "u"),
      );
      await expect(page.getByRole("heading", { name: text.registrationTitle })).toBeInViewport();
    });

    test("keeps a phone number typed in Arabic-Indic digits in Latin ones, groups in order", async ({
      page,
    }) => {
      await openIn(page, language, "/contact");
      await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
      const phone = page.getByLabel(text.phone);
      await phone.pressSequentially("٠٧٩ ١٢٣ ٤٥٦٧");
      await expect(phone).toHaveValue("079 123 4567");
      await expect(phone).toHaveCSS("direction", "ltr");
    });

    test("refuses a wrong answer and sends nothing", async ({ page, submissions }) => {
      await openIn(page, language, "/contact");
      const email = uniqueEmail("wrong");
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/rest/v1/")) posted = true;
      });
      await fill(page, email, "4");
      await page.getByRole("button", { name: text.send }).click();
      await expect(page.getByText(text.verificationFailed, { exact: true })).toBeVisible();
      // The answer is the field's error: beside it, and in the summary that is focused.
      const question = page.getByLabel(text.question);
      await expect(question).toHaveAttribute("aria-invalid", "true");
      await expect(question).toHaveAccessibleDescription(`${text.hint} ${text.answerWrong}`);
      const summary = page.getByRole("main").getByRole("alert");
      await expect(summary).toBeFocused();
      await summary.getByRole("link", { name: text.answerWrong }).click();
      await expect(question).toBeFocused();
      expect(posted).toBe(false);
      expect(await submissions.find(email)).toEqual([]);
    });

    test("keeps what was typed when the backend fails", async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 503/u);
      await openIn(page, language, "/contact");
      await page.route("**/rest/v1/contact_submissions", (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({
            code: "PGRST001",
            message: "Database unavailable",
            details: null,
            hint: null,
          }),
        }),
      );
      const email = uniqueEmail("failing");
      await fill(page, email, text.answer);
      await page.getByRole("button", { name: text.send }).click();
      await expect(page.getByText(text.failed)).toBeVisible();
      await expect(page.getByLabel(text.email)).toHaveValue(email);
      await expect(page.getByLabel(text.question)).toHaveValue(text.answer);
    });

    // On a slow network the app's scripts arrive while the visitor is still typing; hydration
    // must not drop a word of it (it once emptied the message: committing writes a textarea).
    test("keeps what was typed while the app woke up, and stores all of it", async ({
      page,
      submissions,
    }) => {
      await page.route("**/assets/*.js", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await openIn(page, language, "/contact");
      const email = uniqueEmail("waking");
      await fill(page, email, text.answer);
      await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
      await expect(page.getByLabel(text.message)).toHaveValue(typed.message);
      await page.getByRole("button", { name: text.send }).click();
      await expect(page.getByText(text.sent)).toBeVisible();
      expect(await submissions.find(email)).toEqual(storedRow(email));
    });

    test("stores the message, and says so where the form was", async ({ page, submissions }) => {
      await openIn(page, language, "/contact");
      const email = uniqueEmail("sent");
      await fill(page, email, text.answer);
      await page.getByRole("button", { name: text.send }).click();
      await expect(page.getByText(text.sent)).toBeVisible();
      const received = page.getByRole("heading", { name: text.received.title });
      await expect(received).toBeFocused();
      await expect(received).toBeInViewport();
      await expect(page.getByRole("main").getByText(email)).toBeVisible();
      await expect(page.getByText(text.received.next!)).toBeVisible();
      expect(await submissions.find(email)).toEqual(storedRow(email));

      await page.getByRole("button", { name: text.received.again }).click();
      await expect(page.getByLabel(text.name)).toBeFocused();
      await expect(page.getByLabel(text.email)).toHaveValue("");
    });

    test("keeps the honeypot out of sight and of the tab order; a robot's fill is stored as spam", async ({
      page,
      submissions,
    }) => {
      await openIn(page, language, "/contact");
      const honeypot = page.locator('input[name="website"]');
      // What shows of it is its clipped, hidden-from-assistive-technology wrapper: one pixel.
      const shown = await honeypot.locator("xpath=..").boundingBox();
      expect((shown?.width ?? 0) * (shown?.height ?? 0)).toBeLessThanOrEqual(1);
      await expect(honeypot.locator("xpath=..")).toHaveAttribute("aria-hidden", "true");
      await expect(honeypot).toHaveAttribute("autocomplete", "off");
      await page.getByLabel(text.question).focus();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: text.send })).toBeFocused();

      const email = uniqueEmail("robot");
      await fill(page, email, text.answer);
      await honeypot.fill("https://cheap.example", { force: true });
      await page.getByRole("button", { name: text.send }).click();
      await expect(page.getByText(text.sent)).toBeVisible();
      expect(await submissions.find(email)).toEqual([
        expect.objectContaining({ email, status: "spam", website: "https://cheap.example" }),
      ]);
    });
  });
}

test("registers for Mutakallim as a Mutakallim Program row", async ({ page, submissions }) => {
  await page.goto("/mutakallim");
  const email = uniqueEmail("speaker");
  await page.getByLabel("الاسم").fill("خالد");
  await page.getByLabel("البريد الإلكتروني").fill(email);
  await page.getByLabel("الرسالة").fill("أريد أن أتحدث بثقة.");
  await page.getByLabel("ما ناتج ٢ + ٣؟").fill(" 5 ");
  await page.getByRole("button", { name: "سجّل الآن" }).click();
  await expect(page.getByText(ar.toasts.registrationSent.description)).toBeVisible();
  await expect(page.getByRole("heading", { name: ar.form.sent.mutakallim.title })).toBeFocused();
  expect(await submissions.find(email)).toEqual([
    expect.objectContaining({ name: "خالد", phone: null, form_source: "Mutakallim Program" }),
  ]);
});
