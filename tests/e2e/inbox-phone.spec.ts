// The inbox as it meets a member on a phone: the invitation's password and code steps, a
// forgotten password while the server sends no mail, and work on many submissions at once.
import { createClient } from "@supabase/supabase-js";
import type { Locator, Page } from "@playwright/test";
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
import {
  enrolledMember,
  inboxPath,
  invite,
  submit,
  totpCode,
  unfoldFilters,
  type VisitorSubmission,
} from "./team.ts";

const words = {
  ar: {
    signInTitle: "تسجيل الدخول إلى صندوق الوارد",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "تسجيل الدخول",
    signInFailed: "تعذّر تسجيل الدخول",
    passwordTitle: "اختر كلمة المرور",
    account: "حسابك",
    newPassword: "كلمة المرور الجديدة",
    show: "اعرض كلمة المرور",
    savePassword: "احفظ كلمة المرور",
    enrolTitle: "أضف تطبيق المصادقة",
    code: "الرمز المكوّن من ستة أرقام",
    confirm: "تأكيد",
    codeTitle: "أدخل رمز التحقق",
    codeLead: "افتح تطبيق المصادقة",
    verify: "تحقّق",
    otherAccount: "تسجيل الدخول بحساب آخر",
    wrongCode: "الرمز غير صحيح. أدخل الرمز الذي يعرضه التطبيق الآن.",
    showNew: "اعرض رمز QR جديدًا",
    inbox: "صندوق الوارد",
    toasts: "الإشعارات",
    forgot: "نسيت كلمة المرور؟",
    forgotTitle: "إعادة تعيين كلمة المرور",
    mailOffLead: "البريد متوقف على هذا الخادم، فلن يصلك رابط لإعادة تعيين كلمة المرور.",
    mailOffAdvice: /^اطلب الرابط من عضو الفريق الذي يدير الخادم/u,
    sendLink: "أرسل الرابط",
    back: "العودة إلى تسجيل الدخول",
    search: "بحث",
    searchButton: "ابحث",
    fifty: "٥٠ رسالة",
    selectOne: (name: string) => `اختر «${name}»`,
    oneSelected: "اختيرت واحدة",
    twoSelected: "اختيرت اثنتان",
    bulkStatus: "غيّر حالتها إلى",
    bulkApply: "طبّق",
    done: "منجزة",
  },
  en: {
    signInTitle: "Sign in to the inbox",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    signInFailed: "Sign in Failed",
    passwordTitle: "Choose your password",
    account: "Your account",
    newPassword: "New password",
    show: "Show password",
    savePassword: "Save password",
    enrolTitle: "Add an authenticator app",
    code: "Six-digit code",
    confirm: "Confirm",
    codeTitle: "Enter your code",
    codeLead: "Open your authenticator app",
    verify: "Verify",
    otherAccount: "Sign in with another account",
    wrongCode: "That code is not right. Enter the code your app shows now.",
    showNew: "Show a new QR code",
    inbox: "Inbox",
    toasts: "Notifications",
    forgot: "Forgot password?",
    forgotTitle: "Reset your password",
    mailOffLead: "Mail is off on this server, so no reset link can reach you.",
    mailOffAdvice: /^Ask the team member who runs the server for the link/u,
    sendLink: "Send the link",
    back: "Back to sign in",
    search: "Search",
    searchButton: "Search",
    fifty: "50 submissions",
    selectOne: (name: string) => `Select “${name}”`,
    oneSelected: "1 selected",
    twoSelected: "2 selected",
    bulkStatus: "Set their status to",
    bulkApply: "Apply",
    done: "Done",
  },
} as const;

const phones = { ar: { width: 320, height: 640 }, en: { width: 375, height: 667 } } as const;

/** A refused code or password is a 4xx the browser logs; nothing else may be. */
const refused = /status of 4(00|22)/u;

/** Where screenshots of the sign-in's steps go, when asked for; none are taken otherwise. */
const shots = process.env.INBOX_SCREENSHOTS;

/** The page at both phone widths, when screenshots are asked for. */
async function screenshots(page: Page, name: string) {
  if (!shots) return;
  const viewport = page.viewportSize();
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  if (viewport) await page.setViewportSize(viewport);
}

async function heading(page: Page, name: string, level = 1) {
  const found = page.getByRole("heading", { name, level, exact: true });
  await expect(found).toBeVisible();
  return found;
}

/**
 * What a person tapping the middle of `target` reaches: "itself", or what lies over it.
 */
function reached(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit !== null && (hit === element || element.contains(hit))) return "itself";
    return `${hit?.outerHTML.slice(0, 120)} at ${JSON.stringify(box)}`;
  });
}

/** Nothing shows in the page's toasts. */
async function expectNoToast(page: Page, language: Language) {
  await expect(page.getByRole("region", { name: words[language].toasts })).toHaveText("", {
    timeout: 2_000,
  });
}

/**
 * The error a field shows sits right under it: below its foot, within a line, and across the
 * same stretch of the card.
 */
async function expectErrorUnder(field: Locator, error: Locator) {
  await expect(error).toBeVisible();
  const [fieldBox, errorBox] = [await field.boundingBox(), await error.boundingBox()];
  expect(fieldBox && errorBox).toBeTruthy();
  if (!fieldBox || !errorBox) return;
  expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
  expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
  expect(errorBox.x).toBeLessThan(fieldBox.x + fieldBox.width);
  expect(errorBox.x + errorBox.width).toBeGreaterThan(fieldBox.x);
}

/**
 * Every control on the screen a person can tap, with the box a tap reaches: a box's label
 * counts with it, and a link stretched over its card (`::after`) reaches the whole card.
 */
function tapTargets(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]",
    );
    return [...controls]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        let box = element.getBoundingClientRect();
        const label = element.closest("label");
        if (label && (element as HTMLInputElement).type.match(/^(checkbox|radio)$/u)) {
          const around = label.getBoundingClientRect();
          if (around.width * around.height > box.width * box.height) box = around;
        }
        const after = getComputedStyle(element, "::after");
        if (after.position === "absolute" && element.offsetParent) {
          box = element.offsetParent.getBoundingClientRect();
        }
        const name =
          element.getAttribute("aria-label") ??
          (element.textContent?.trim() || element.getAttribute("name") || element.tagName);
        return { name: name.slice(0, 40), width: box.width, height: box.height };
      });
  });
}

async function expectTargetsAtLeast24(page: Page, screen: string) {
  const small = (await tapTargets(page)).filter(
    (target) => target.width < 24 || target.height < 24,
  );
  expect(small, screen).toEqual([]);
}

async function choosePassword(page: Page, language: Language, link: string) {
  const text = words[language];
  await page.goto(link);
  await heading(page, text.passwordTitle);
  await page.getByLabel(text.newPassword).fill(`a long password ${Date.now()}`);
  await page.getByRole("button", { name: text.savePassword }).click();
  await heading(page, text.enrolTitle);
  await expect(page.locator("code")).toBeVisible();
  return (await page.locator("code").textContent())?.replace(/\s/gu, "") ?? "";
}

async function joinByInvitation(page: Page, language: Language) {
  const text = words[language];
  const { link } = await invite(language);
  const secret = await choosePassword(page, language, link);
  await page.getByLabel(text.code).fill(totpCode(secret));
  await page.getByRole("button", { name: text.confirm }).click();
  await heading(page, text.inbox);
}

/** What a password manager makes up: long, and full of what a person would not type. */
function generatedPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!#$%&*+=?@";
  const bytes = crypto.getRandomValues(new Uint8Array(64));
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
}

async function signsInWith(email: string, password: string) {
  const visitor = createClient(serverUrl(), await makeApiKey(e2eSecret, "anon"), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  return (await visitor.auth.signInWithPassword({ email, password })).error;
}

for (const language of ["ar", "en"] as const satisfies Language[]) {
  test.describe(`the inbox on a phone in ${language}`, () => {
    const text = words[language];
    test.use({ viewport: phones[language] });

    test("the invitation's password step names the account and takes a manager's long password, shown on asking", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const { email, link } = await invite(language);
      await page.goto(link);
      await heading(page, text.passwordTitle);

      const account = page.getByLabel(text.account);
      await expect(account).toBeVisible();
      await expect(account).toHaveValue(email);
      await expect(account).toHaveAttribute("autocomplete", "username");
      await expect(account).not.toBeEditable();

      const field = page.getByLabel(text.newPassword);
      await expect(field).toHaveAttribute("autocomplete", "new-password");
      await expect(field).toHaveAttribute("type", "password");
      expect(await field.getAttribute("maxlength")).toBeNull();
      const password = generatedPassword();
      await field.fill(password);
      await expect(field).toHaveValue(password);

      // Reached from the field by the keyboard, pressed with it, and big enough for a thumb.
      const show = page.getByRole("button", { name: text.show });
      await field.focus();
      await page.keyboard.press("Tab");
      await expect(show).toBeFocused();
      await expect(show).toHaveAttribute("aria-pressed", "false");
      await page.keyboard.press("Space");
      await expect(show).toHaveAttribute("aria-pressed", "true");
      await expect(field).toHaveAttribute("type", "text");
      await expect(field).toHaveValue(password);
      const box = await show.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await expectTargetsAtLeast24(page, "password step");
      await page.keyboard.press("Enter");
      await expect(show).toHaveAttribute("aria-pressed", "false");
      await expect(field).toHaveAttribute("type", "password");

      await page.getByRole("button", { name: text.savePassword }).click();
      await heading(page, text.enrolTitle);
      // The whole of it was kept: the account signs in with it.
      expect(await signsInWith(email, password)).toBeNull();
    });

    test("a wrong code at the invitation is said under the field, covering nothing, and no toast outlives its step", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      consoleErrors.allow(refused);
      const { link } = await invite(language);
      const secret = await choosePassword(page, language, link);
      await page.reload();
      await heading(page, text.enrolTitle);

      const field = page.getByLabel(text.code);
      await field.fill(totpCode(secret, { wrong: true }));
      await page.getByRole("button", { name: text.confirm }).click();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(`${text.wrongCode}$`, "u"));
      await expect(field).toBeFocused();
      await expectErrorUnder(field, page.getByText(text.wrongCode));
      const showNew = page.getByRole("button", { name: text.showNew });
      await showNew.scrollIntoViewIfNeeded();
      expect(await reached(showNew)).toBe("itself");
      await expectNoToast(page, language);
      await expectTargetsAtLeast24(page, "enrolment with a refused code");

      await field.fill(totpCode(secret));
      await page.getByRole("button", { name: text.confirm }).click();
      await heading(page, text.inbox);
      await expect(page.getByText(text.wrongCode)).toHaveCount(0);
      await expectNoToast(page, language);
    });

    test("signing in, a refused password's toast ends with its step and a wrong code is said under the field", async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      consoleErrors.allow(refused);
      const member = await enrolledMember(language);
      await openIn(page, language, inboxPath(language));
      await heading(page, text.signInTitle);
      await page.getByLabel(text.email).fill(member.email);
      const password = page.getByLabel(text.password, { exact: true });
      await password.fill("not the password");
      await password.press("Enter");
      const failed = page.getByText(text.signInFailed);
      await expect(failed).toBeVisible();
      // Held open, as a toast pointed at is: only the change of step may close it.
      await failed.hover();
      await password.fill(member.password);
      await password.press("Enter");
      await heading(page, text.codeTitle);
      await expectNoToast(page, language);

      // The code is typed where the focus already is, and Enter sends it.
      const field = page.getByLabel(text.code);
      await expect(field).toBeFocused();
      await expect(field).toHaveAccessibleDescription(new RegExp(`^${text.codeLead}`, "u"));
      await screenshots(page, `sign-in-code-${language}`);
      await page.keyboard.type(totpCode(member.secret, { wrong: true }));
      await page.keyboard.press("Enter");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expectErrorUnder(field, page.getByText(text.wrongCode));
      expect(await reached(page.getByRole("button", { name: text.otherAccount }))).toBe("itself");
      await expectNoToast(page, language);

      // The code the enrolment used is spent: the app's next one.
      const next = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(member.secret) }).generate({
        timestamp: Date.now() + 30_000,
      });
      await field.fill(next);
      await page.getByRole("button", { name: text.verify }).click();
      await heading(page, text.inbox);
      await expectNoToast(page, language);
    });

    test("a forgotten password with mail off says no link will come and what to do instead", async ({
      page,
    }) => {
      const email = uniqueEmail("forgot");
      const recovers: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/auth/v1/recover")) recovers.push(request.url());
      });
      await openIn(page, language, inboxPath(language));
      await heading(page, text.signInTitle);
      await page.getByLabel(text.email).fill(email);
      await page.getByRole("button", { name: text.forgot }).click();
      await expect(await heading(page, text.forgotTitle)).toBeFocused();
      await expect(page.getByText(text.mailOffLead)).toBeVisible();
      const advice = page.getByRole("status").filter({ hasText: text.mailOffAdvice });
      await expect(advice).toBeVisible();
      await expect(advice.locator("code")).toHaveText(`npm run team -- reset-password ${email}`);
      await expect(page.getByRole("button", { name: text.sendLink })).toHaveCount(0);
      await expectTargetsAtLeast24(page, "forgot password, mail off");
      expect(recovers).toEqual([]);
      await page.getByRole("button", { name: text.back }).click();
      await expect(page.getByLabel(text.email)).toHaveValue(email);
    });

    test("with fifty on the page, the bulk bar follows the selection and clears the last card", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const marker = uniqueEmail("phone").split("@")[0] ?? "";
      const rows: VisitorSubmission[] = Array.from({ length: 50 }, (_, index) => ({
        name: `${marker} ${index + 1}`,
        email: `${marker}.${index + 1}@example.com`,
        phone: null,
        message: `مرحبًا، هذه رسالة طويلة بعض الشيء لتشغل مكانها في القائمة كما تشغله رسائل الزوار. ${marker} — a message long enough to take the room a visitor's does.`,
        form_source: "Contact Page",
      }));
      await submit(rows);
      await joinByInvitation(page, language);
      await unfoldFilters(page);
      await page.getByLabel(text.search).fill(marker);
      await page.getByRole("button", { name: text.searchButton, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: text.fifty })).toBeVisible();
      const cards = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.locator("[data-submission]") });
      await expect(cards).toHaveCount(50);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
        8_000,
      );

      // The list is newest first: the thirtieth card down is the 21st sent.
      const thirtieth = page.getByRole("checkbox", {
        name: text.selectOne(`${marker} 21`),
        exact: true,
      });
      await thirtieth.check();
      const apply = page.getByRole("button", { name: text.bulkApply });
      const bar = page.locator("form").filter({ has: apply });
      const viewport = page.viewportSize()!;
      const inView = async () => {
        const box = await bar.boundingBox();
        expect(box).toBeTruthy();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        return box!;
      };
      await inView();
      await expect(bar.getByRole("status")).toHaveText(text.oneSelected);
      expect(await reached(thirtieth)).toBe("itself");
      expect(await reached(apply)).toBe("itself");
      await expectTargetsAtLeast24(page, `list with one selected at ${viewport.width} px`);

      // At the foot of the page the last card clears the bar, and can be ticked.
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
      );
      const last = cards.last();
      const barBox = await inView();
      const lastBox = await last.boundingBox();
      expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(barBox.y);
      const lastTick = page.getByRole("checkbox", {
        name: text.selectOne(`${marker} 1`),
        exact: true,
      });
      // A box the bar hides is brought clear of it when the keyboard reaches it.
      await page.evaluate(
        (top) => window.scrollTo({ top, behavior: "instant" }),
        await lastTick.evaluate(
          (element) =>
            element.getBoundingClientRect().top + window.scrollY - window.innerHeight + 40,
        ),
      );
      expect(await reached(lastTick)).not.toBe("itself");
      await lastTick.focus();
      expect(await reached(lastTick)).toBe("itself");
      await page.keyboard.press("Space");
      await expect(bar.getByRole("status")).toHaveText(text.twoSelected);

      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: width === 1280 ? 900 : 667 });
        await expectTargetsAtLeast24(page, `list with two selected at ${width} px`);
      }
      await page.setViewportSize(viewport);

      await bar.getByLabel(text.bulkStatus).selectOption("done");
      await apply.click();
      await expect(bar).toHaveCount(0);
      await expect(
        page
          .getByRole("listitem")
          .filter({ hasText: `${marker} 21` })
          .first(),
      ).toContainText(text.done);
    });
  });
}
