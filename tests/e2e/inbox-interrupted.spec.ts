// Ways into the inbox that get interrupted: an invitation left between its steps, and a session
// left idle with a note half typed.
import AxeBuilder from "@axe-core/playwright";
import { createClient } from "@supabase/supabase-js";
import type { Browser, Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import WebSocket from "ws";

import { makeApiKey } from "../../src/server/keys.ts";
import {
  e2eSecret,
  expect,
  openIn,
  serverUrl,
  test,
  uniqueEmail,
  type Language,
} from "./fixtures.ts";
import { inboxPath, invite, submit, totpCode } from "./team.ts";

const words = {
  ar: {
    signInTitle: "تسجيل الدخول إلى صندوق الوارد",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "تسجيل الدخول",
    passwordTitle: "اختر كلمة المرور",
    newPassword: "كلمة المرور الجديدة",
    savePassword: "احفظ كلمة المرور",
    enrolTitle: "أضف تطبيق المصادقة",
    code: "الرمز المكوّن من ستة أرقام",
    confirm: "تأكيد",
    codeTitle: "أدخل رمز التحقق",
    verify: "تحقّق",
    inbox: "صندوق الوارد",
    wrongCode: "الرمز غير صحيح. أدخل الرمز الذي يعرضه التطبيق الآن.",
    resume: /^بدأت من قبل إضافة «كلمة» إلى تطبيق المصادقة\./u,
    showNew: "اعرض رمز QR جديدًا",
    rescan: "رمز QR الذي مسحته من قبل لم يعد صالحًا.",
    removeOld: /^احذف حساب «كلمة» القديم من تطبيق المصادقة/u,
    note: "ملاحظة داخلية",
    save: "احفظ",
    saved: "حُفظت التغييرات",
    idleTitle: "هل ما زلت هنا؟",
    stay: "أبقِني مسجّل الدخول",
    idleSignedOut: "سُجّل خروجك بعد ٣٠ دقيقة دون نشاط.",
    draftFound: /^بقيت في هذا المتصفح ملاحظة لم تُحفظ/u,
    restore: "استعِد الملاحظة",
  },
  en: {
    signInTitle: "Sign in to the inbox",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    passwordTitle: "Choose your password",
    newPassword: "New password",
    savePassword: "Save password",
    enrolTitle: "Add an authenticator app",
    code: "Six-digit code",
    confirm: "Confirm",
    codeTitle: "Enter your code",
    verify: "Verify",
    inbox: "Inbox",
    wrongCode: "That code is not right. Enter the code your app shows now.",
    resume: /^You already began adding Kalima to your authenticator app\./u,
    showNew: "Show a new QR code",
    rescan: "The QR code you scanned before no longer works.",
    removeOld: /^Remove the old Kalima account from your authenticator app/u,
    note: "Internal note",
    save: "Save",
    saved: "Changes saved",
    idleTitle: "Are you still there?",
    stay: "Stay signed in",
    idleSignedOut: "You were signed out after 30 minutes without activity.",
    draftFound: /^A note you had not saved/u,
    restore: "Restore the note",
  },
} as const;

/** Where screenshots of the new screens go, when asked for; none are taken otherwise. */
const shots = process.env.INBOX_SCREENSHOTS;

async function screenshots(page: Page, name: string, { fullPage = true } = {}) {
  await expectNoAxeViolations(page);
  if (!shots) return;
  const viewport = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage });
  }
  if (viewport) await page.setViewportSize(viewport);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
}

async function heading(page: Page, name: string, level = 1) {
  const found = page.getByRole("heading", { name, level, exact: true });
  await expect(found).toBeVisible();
  return found;
}

const secretShown = async (page: Page) =>
  (await page.locator("code").textContent())?.replace(/\s/gu, "") ?? "";

/** A code from the next time step: the server takes each step's code once. */
const nextCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + 30_000,
  });

async function choosePassword(page: Page, language: Language, link: string) {
  const text = words[language];
  const password = `a long password ${Date.now()}`;
  await page.goto(link);
  await heading(page, text.passwordTitle);
  await page.getByLabel(text.newPassword).fill(password);
  await page.getByRole("button", { name: text.savePassword }).click();
  await heading(page, text.enrolTitle);
  await expect(page.locator("code")).toBeVisible();
  return password;
}

async function giveCode(page: Page, language: Language, code: string, button = "confirm") {
  const text = words[language];
  await page.getByLabel(text.code).fill(code);
  await page
    .getByRole("button", { name: button === "confirm" ? text.confirm : text.verify })
    .click();
}

async function signIn(page: Page, language: Language, email: string, password: string) {
  const text = words[language];
  await heading(page, text.signInTitle);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: text.signIn, exact: true }).click();
}

/** What the server does to an unverified factor after five minutes, done now. */
async function lapseUnverifiedFactors(email: string) {
  const service = createClient(serverUrl(), await makeApiKey(e2eSecret, "service_role"), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await service.auth.admin.listUsers({ page: 1, perPage: 1000 });
  expect(error).toBeNull();
  const user = data.users.find((candidate) => candidate.email === email);
  expect(user).toBeDefined();
  const factors = await service.auth.admin.mfa.listFactors({ userId: user!.id });
  expect(factors.error).toBeNull();
  const unverified = factors.data!.factors.filter((factor) => factor.status === "unverified");
  expect(unverified).toHaveLength(1);
  for (const factor of unverified) {
    const { error: deleted } = await service.auth.admin.mfa.deleteFactor({
      id: factor.id,
      userId: user!.id,
    });
    expect(deleted).toBeNull();
  }
}

/** A refused code is a 422 the browser logs; nothing else may be. */
const refusedCode = /status of 422/u;

async function secondDevice(browser: Browser, language: Language) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !refusedCode.test(message.text()))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  await openIn(page, language, inboxPath(language));
  return { context, page, errors };
}

for (const language of ["ar", "en"] as const satisfies Language[]) {
  test.describe(`an interrupted way into the inbox in ${language}`, () => {
    const text = words[language];

    test("an invitation reloaded after the password and after a failed code goes on to the app scanned before", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      consoleErrors.allow(refusedCode);
      const { link } = await invite(language);
      await choosePassword(page, language, link);
      const secret = await secretShown(page);

      await page.reload();
      await heading(page, text.enrolTitle);
      await expect(page.getByText(text.resume)).toBeVisible();
      await expect(page.getByLabel(text.newPassword)).toHaveCount(0);

      await giveCode(page, language, totpCode(secret, { wrong: true }));
      await expect(page.getByText(text.wrongCode)).toBeVisible();
      await page.reload();
      await heading(page, text.enrolTitle);
      await expect(page.getByText(text.resume)).toBeVisible();

      await giveCode(page, language, totpCode(secret));
      await expect(await heading(page, text.inbox)).toBeFocused();
    });

    test("on a second device, once the code scanned has lapsed, the member is told to remove it and scan anew", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const { email, link } = await invite(language);
      const password = await choosePassword(page, language, link);
      const scanned = await secretShown(page);
      await page.close();

      const { context, page: other, errors } = await secondDevice(browser, language);
      await signIn(other, language, email, password);
      await heading(other, text.enrolTitle);
      await expect(other.getByText(text.resume)).toBeVisible();
      await screenshots(other, `invitation-resume-${language}`);

      await lapseUnverifiedFactors(email);
      await other.reload();
      await heading(other, text.enrolTitle);
      await expect(other.getByText(text.rescan)).toBeVisible();
      await expect(other.getByText(text.removeOld)).toBeVisible();
      const fresh = await secretShown(other);
      expect(fresh).not.toBe(scanned);
      await screenshots(other, `invitation-rescan-${language}`);

      await giveCode(other, language, totpCode(scanned));
      await expect(other.getByText(text.wrongCode)).toBeVisible();
      await giveCode(other, language, totpCode(fresh));
      await heading(other, text.inbox);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("the member who chooses a new code on the resumed step is told to remove the old one", async ({
      page,
    }) => {
      const { link } = await invite(language);
      await choosePassword(page, language, link);
      const scanned = await secretShown(page);
      await page.reload();
      await page.getByRole("button", { name: text.showNew }).click();
      const notice = page.getByText(text.rescan);
      await expect(notice).toBeVisible();
      await expect(page.locator(":focus")).toContainText(text.rescan);
      expect(await secretShown(page)).not.toBe(scanned);
    });

    test("idle, the member is warned and may stay; signed out, the note typed is offered back", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const row = {
        name: `Idle ${language} ${Date.now()}`,
        email: uniqueEmail("idle"),
        phone: null,
        message: "A message to answer later.",
        form_source: "Contact Page" as const,
      };
      await submit([row]);
      await page.clock.install();
      const { email, link } = await invite(language);
      const password = await choosePassword(page, language, link);
      const secret = await secretShown(page);
      await giveCode(page, language, totpCode(secret));
      await heading(page, text.inbox);
      await page.goto(`${inboxPath(language)}?q=${encodeURIComponent(row.email)}`);
      await page.getByRole("link", { name: row.name }).click();
      await heading(page, row.name, 2);

      const note = "اتصلت بها ولم تردّ — call again Sunday";
      const field = page.getByLabel(text.note);
      await field.fill(note);

      await page.clock.fastForward("28:00");
      const warning = page.getByRole("alertdialog", { name: text.idleTitle });
      await expect(warning).toBeVisible();
      await expect(page.getByRole("button", { name: text.stay })).toBeFocused();
      await screenshots(page, `idle-warning-${language}`, { fullPage: false });
      await page.keyboard.press("Enter");
      await expect(warning).toHaveCount(0);
      await expect(field).toBeFocused();
      await expect(field).toHaveValue(note);

      await page.clock.fastForward("28:00");
      await expect(warning).toBeVisible();
      await page.clock.fastForward("02:00");
      await expect(page.getByText(text.idleSignedOut)).toBeVisible();

      await signIn(page, language, email, password);
      await heading(page, text.codeTitle);
      await giveCode(page, language, nextCode(secret), "verify");
      await heading(page, row.name, 2);
      await expect(page.getByText(text.draftFound)).toBeVisible();
      await expect(field).toHaveValue("");
      await page.getByRole("button", { name: text.restore }).click();
      await expect(field).toHaveValue(note);
      await expect(field).toBeFocused();
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await expect(page.getByText(text.saved)).toBeVisible();

      const drafts = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("kalima-inbox-draft")),
      );
      expect(drafts).toEqual([]);
      await page.reload();
      await heading(page, row.name, 2);
      await expect(field).toHaveValue(note);
      await expect(page.getByRole("button", { name: text.restore })).toHaveCount(0);
    });
  });
}
