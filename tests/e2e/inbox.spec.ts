import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { measureFirstView } from "../../scripts/perf/first-view.mjs";
import { expect, openIn, test, uniqueEmail, type Language } from "./fixtures.ts";
import { sitePages } from "../../src/shared/pages.js";
import { enrolledMember, inboxPath, invite, submit, totpCode, unfoldFilters } from "./team.ts";

/** A file a first view asked for, as scripts/perf/first-view.mjs (untyped JavaScript) lists it. */
interface MeasuredFile {
  type: string;
  url: string;
}

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
    qrAlt: "رمز QR يضيف صندوق وارد كلمة إلى تطبيق المصادقة",
    code: "الرمز المكوّن من ستة أرقام",
    confirm: "تأكيد",
    codeTitle: "أدخل رمز التحقق",
    verify: "تحقّق",
    inbox: "صندوق الوارد",
    form: "النموذج",
    mutakallim: "تسجيل في المتكلم",
    status: "الحالة",
    allStatuses: "كل الحالات",
    newStatus: "جديدة",
    done: "منجزة",
    search: "بحث",
    searchButton: "ابحث",
    one: "رسالة واحدة",
    none: "لا رسائل",
    note: "ملاحظة داخلية",
    save: "احفظ",
    saved: "حُفظت التغييرات",
    statusChange: "غُيّرت الحالة من «جديدة» إلى «منجزة»",
    back: "العودة إلى القائمة",
    exportCsv: "تصدير CSV",
    account: "الحساب",
    signOut: "تسجيل الخروج",
    signOutEverywhere: "تسجيل الخروج من كل الأجهزة",
    signInFailed: "تعذّر تسجيل الدخول",
    replySubject: "ردّ على رسالتك إلى كلمة",
    mail: "البريد",
    mailOff: "البريد متوقف: لا يُبلَّغ الفريق بالرسائل الجديدة.",
    confirmation: "رسالة التأكيد",
    csvHeader: (zone: string) =>
      `الرقم,وصلت في (بتوقيت ${zone}),الاسم,البريد الإلكتروني,الهاتف,الرسالة,النموذج,الحالة,ملاحظة داخلية,المحادثة`,
    invalidCredentials: "البريد الإلكتروني أو كلمة المرور غير صحيحين.",
    wrongCode: "الرمز غير صحيح. أدخل الرمز الذي يعرضه التطبيق الآن.",
    // No mail server here: the confirmation will not be sent, or this hour's bound withheld it.
    confirmationState:
      /^(لن يُرسل: البريد متوقف في هذا الموقع\.|لم يُرسل: بلغ البريد إلى العناوين غير المؤكَّدة حدَّه في هذه الساعة\. راسل المسجِّل بنفسك\.)$/u,
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
    qrAlt: "QR code that adds Kalima's inbox to an authenticator app",
    code: "Six-digit code",
    confirm: "Confirm",
    codeTitle: "Enter your code",
    verify: "Verify",
    inbox: "Inbox",
    form: "Form",
    mutakallim: "Mutakallim registration",
    status: "Status",
    allStatuses: "All statuses",
    newStatus: "New",
    done: "Done",
    search: "Search",
    searchButton: "Search",
    one: "1 submission",
    none: "0 submissions",
    note: "Internal note",
    save: "Save",
    saved: "Changes saved",
    statusChange: "Status changed from “New” to “Done”",
    back: "Back to the list",
    exportCsv: "Export CSV",
    account: "Account",
    signOut: "Sign out",
    signOutEverywhere: "Sign out everywhere",
    signInFailed: "Sign in Failed",
    replySubject: "Re: your message to Kalima",
    mail: "Mail",
    mailOff: "Mail is off: the team is not notified of new submissions.",
    confirmation: "Confirmation mail",
    csvHeader: (zone: string) =>
      `Number,Received (${zone} time),Name,Email,Phone,Message,Form,Status,Internal note,Conversation`,
    invalidCredentials: "The email or the password is not right.",
    wrongCode: "That code is not right. Enter the code your app shows now.",
    confirmationState:
      /^(Will not be sent: mail is off on this site\.|Not sent: this hour's limit on mail to unproved addresses was reached\. Write to the registrant yourself\.)$/u,
  },
} as const;

const arabicIndic = (digits: string) =>
  digits.replace(/\d/gu, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/** A registration written half in Arabic, half in English, over two lines. */
function visitor(label: string) {
  return {
    name: "سارة Sam",
    email: uniqueEmail(label),
    phone: "+966 55 000 1111",
    message: "مرحبًا، أودّ التسجيل في برنامج المتكلم.\nMy English name is Sam — thank you!",
    form_source: "Mutakallim Program" as const,
  };
}

async function heading(page: Page, name: string, level = 1) {
  const found = page.getByRole("heading", { name, level, exact: true });
  await expect(found).toBeVisible();
  return found;
}

/** From the invitation's link to the inbox: password, app, code (typed in Arabic in Arabic). */
async function joinByInvitation(page: Page, language: Language) {
  const text = words[language];
  const { email, link } = await invite(language);
  await page.goto(link);
  await heading(page, text.passwordTitle);
  await page.getByLabel(text.newPassword).fill(`a long password ${Date.now()}`);
  await page.getByRole("button", { name: text.savePassword }).click();
  await expect(await heading(page, text.enrolTitle)).toBeFocused();
  const qr = page.getByRole("img", { name: text.qrAlt });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.locator("code").textContent())?.replace(/\s/gu, "") ?? "";
  const code = totpCode(secret);
  await page.getByLabel(text.code).fill(language === "ar" ? arabicIndic(code) : code);
  await page.getByRole("button", { name: text.confirm }).click();
  await expect(await heading(page, text.inbox)).toBeFocused();
  return { email };
}

async function signIn(page: Page, language: Language, email: string, password: string) {
  const text = words[language];
  await openIn(page, language, inboxPath(language));
  await heading(page, text.signInTitle);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: text.signIn, exact: true }).click();
}

for (const language of ["ar", "en"] as const satisfies Language[]) {
  test.describe(`the inbox in ${language}`, () => {
    const text = words[language];

    test("an invited member joins, finds, reads, triages and exports a submission, then signs out", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const wanted = visitor("wanted");
      const other = { ...visitor("other"), form_source: "Contact Page" as const };
      await submit([wanted, other]);
      const member = await joinByInvitation(page, language);

      await page.getByLabel(text.form).selectOption({ label: text.mutakallim });
      await unfoldFilters(page);
      await page.getByLabel(text.search).fill(wanted.email);
      await page.getByRole("button", { name: text.searchButton, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: text.one })).toBeVisible();
      expect(new URL(page.url()).searchParams.get("form")).toBe("mutakallim");
      await expect(page.getByRole("listitem").filter({ hasText: wanted.name })).toContainText(
        text.newStatus,
      );

      await page.getByRole("link", { name: wanted.name }).click();
      await expect(await heading(page, wanted.name, 2)).toBeFocused();
      const message = page.getByText(/^مرحبًا، أودّ/u);
      expect(await message.evaluate((element) => element.textContent)).toBe(wanted.message);
      await expect(message).toHaveAttribute("dir", "auto");
      // Each line takes its own direction: the Arabic line right to left, the English one left
      // to right, whatever the page's.
      await expect(message).toHaveCSS("unicode-bidi", "plaintext");
      await expect(
        page.getByRole("link", { name: wanted.phone }).locator("xpath=.."),
      ).toHaveAttribute("dir", "ltr");
      // The reply is written in the visitor's language (an insert without one is Arabic),
      // quoting what they wrote.
      const reply = new URL(
        (await page.getByRole("link", { name: wanted.email }).getAttribute("href")) ?? "",
      );
      expect(reply.protocol + reply.pathname).toBe(`mailto:${wanted.email}`);
      expect(reply.searchParams.get("subject")).toBe(words.ar.replySubject);
      expect(reply.searchParams.get("body")).toContain(`> ${wanted.message.split("\n")[0]}`);
      await expect(page.getByRole("link", { name: wanted.phone })).toHaveAttribute(
        "href",
        "tel:+966550001111",
      );
      await expect(page.getByText(text.confirmation, { exact: true })).toBeVisible();
      await expect(page.getByText(text.confirmationState)).toBeVisible();

      const note = "Called back — اتصلنا بها";
      await page.getByRole("radio", { name: text.done }).check();
      await page.getByLabel(text.note).fill(note);
      await page.getByRole("button", { name: text.save, exact: true }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      // A busy button is marked, not disabled: disabling it would drop the focus on the page.
      await expect(page.getByRole("button", { name: text.save, exact: true })).toBeFocused();
      const history = page.getByRole("listitem").filter({ hasText: text.statusChange });
      await expect(history).toContainText(member.email);
      await expect(page.getByRole("listitem").filter({ hasText: note })).toContainText(
        member.email,
      );
      // A note typed and not saved is kept as a draft, until the member signs out.
      const drafts = () =>
        page.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.startsWith("kalima-inbox-draft")),
        );
      await page.getByLabel(text.note).fill(`${note}, again`);
      await expect.poll(drafts).toHaveLength(1);

      await page.getByRole("link", { name: text.back }).click();
      await expect(page.getByRole("link", { name: wanted.name })).toBeFocused();
      await page.getByLabel(text.status).selectOption("new");
      await expect(page.getByRole("status").filter({ hasText: text.none })).toBeVisible();
      await page.getByLabel(text.status).selectOption("done");
      await expect(page.getByRole("status").filter({ hasText: text.one })).toBeVisible();

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: text.exportCsv }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^kalima-submissions-\d{4}-\d{2}-\d{2}\.csv$/u);
      const csv = await readFile(await file.path(), "utf8");
      // For people: columns and values in the inbox's language, the time in the member's zone
      // (named in the header, its offset on each value); the export's quoting and formula guard.
      const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const header = `\uFEFF${text.csvHeader(timeZone)}\r\n`;
      expect(csv.startsWith(header)).toBe(true);
      const rows = csv.slice(header.length);
      const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
      const fields = [
        "\\d+",
        "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d [+-]\\d\\d:\\d\\d",
        literal(wanted.name),
        literal(wanted.email),
        literal(`'${wanted.phone}`),
        literal(`"${wanted.message}"`),
        literal(text.mutakallim),
        literal(text.done),
        literal(note),
        // No reply yet: an empty conversation.
        "",
      ];
      expect(rows).toMatch(new RegExp(`^${fields.join(",")}\\r\\n$`, "u"));

      const scope = language === "ar" ? "local" : "global";
      const loggedOut = page.waitForRequest((request) =>
        request.url().endsWith(`/auth/v1/logout?scope=${scope}`),
      );
      await page.getByRole("button", { name: text.account, exact: true }).click();
      await page
        .getByRole("button", {
          name: scope === "local" ? text.signOut : text.signOutEverywhere,
          exact: true,
        })
        .click();
      await loggedOut;
      await expect(await heading(page, text.signInTitle)).toBeFocused();
      expect(await page.evaluate(() => Object.keys(localStorage).join())).not.toMatch(
        /auth-token/u,
      );
      expect(await drafts()).toEqual([]);
    });

    test("a wrong password is refused with a toast, a wrong code under its field", async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.allow(/status of 4(00|22)/u);
      const member = await enrolledMember(language);
      await signIn(page, language, member.email, "not the password");
      await expect(page.getByText(text.signInFailed)).toBeVisible();
      await expect(page.getByText(text.invalidCredentials)).toBeVisible();
      await expect(page.getByText("Invalid login credentials")).toHaveCount(0);
      await heading(page, text.signInTitle);

      await page.getByLabel(text.password, { exact: true }).fill(member.password);
      await page.getByRole("button", { name: text.signIn, exact: true }).click();
      await heading(page, text.codeTitle);
      // The code is next: its field has the focus, read with what the step asks.
      await expect(page.getByLabel(text.code)).toBeFocused();
      await expect(page.getByText(text.signInFailed)).toHaveCount(0);
      await page.getByLabel(text.code).fill(totpCode(member.secret, { wrong: true }));
      await page.getByRole("button", { name: text.verify }).click();
      await expect(page.getByLabel(text.code)).toHaveAccessibleDescription(
        new RegExp(`${text.wrongCode}$`, "u"),
      );
      await expect(page.getByText(text.signInFailed)).toHaveCount(0);
      await expect(page.getByText("Invalid TOTP code entered")).toHaveCount(0);
      await heading(page, text.codeTitle);
    });

    test("a session with one factor is asked for the code and reads nothing", async ({
      page,
      baseURL,
    }) => {
      const member = await enrolledMember(language);
      const waiting = visitor("unseen");
      await submit([waiting]);
      await signIn(page, language, member.email, member.password);
      await heading(page, text.codeTitle);
      await expect(page.getByRole("link", { name: waiting.name })).toHaveCount(0);
      const storageKey = `sb-${new URL(baseURL ?? "").hostname.split(".")[0]}-auth-token`;
      const rows = await page.evaluate(async (key) => {
        const session = JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token: string };
        const anon = document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]');
        const response = await fetch("/rest/v1/contact_submissions?select=id", {
          headers: { apikey: anon?.content ?? "", authorization: `Bearer ${session.access_token}` },
        });
        return response.json() as Promise<unknown>;
      }, storageKey);
      expect(rows).toEqual([]);
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const language of ["ar", "en"] as const) {
      test(`axe finds nothing on any inbox screen in ${language}`, async ({ page }) => {
        test.setTimeout(180_000);
        const text = words[language];
        const check = async (screen: string) => {
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
            .analyze();
          const violations = results.violations.map(
            (violation) =>
              `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          );
          expect(violations).toEqual([]);
        };
        const sent = visitor("axe");
        await submit([sent]);
        const { email, link } = await invite(language);
        await page.goto(link);
        await heading(page, text.passwordTitle);
        await check("password");
        const password = `a long password ${Date.now()}`;
        await page.getByLabel(text.newPassword).fill(password);
        await page.getByRole("button", { name: text.savePassword }).click();
        await expect(page.getByRole("img", { name: text.qrAlt })).toBeVisible();
        await check("enrol");
        const secret = (await page.locator("code").textContent())?.replace(/\s/gu, "") ?? "";
        await page.getByLabel(text.code).fill(totpCode(secret));
        await page.getByRole("button", { name: text.confirm }).click();
        await unfoldFilters(page);
        await page.getByLabel(text.search).fill(sent.email);
        await page.getByRole("button", { name: text.searchButton, exact: true }).click();
        await expect(page.getByRole("status").filter({ hasText: text.one })).toBeVisible();
        // This server has no SMTP_URL: the list says so, and axe checks how.
        await expect(page.getByRole("region", { name: text.mail, exact: true })).toContainText(
          text.mailOff,
        );
        // The count can come before the rows: a list still loading is faded on purpose, and axe
        // would measure the fade's contrast.
        const list = page.locator("ul[aria-busy]").filter({ hasText: sent.email });
        await expect(list).toHaveAttribute("aria-busy", "false");
        await expect(list).toHaveCSS("opacity", "1");
        await check("list");
        await page.getByRole("link", { name: sent.name }).click();
        await heading(page, sent.name, 2);
        await check("detail");
        await page.getByRole("button", { name: text.account, exact: true }).click();
        await check("account menu");
        await page.getByRole("button", { name: text.signOut, exact: true }).click();
        await heading(page, text.signInTitle);
        await check("sign-in");
        await page.getByLabel(text.email).fill(email);
        await page.getByLabel(text.password, { exact: true }).fill(password);
        await page.getByRole("button", { name: text.signIn, exact: true }).click();
        await heading(page, text.codeTitle);
        await check("code");
      });
    }
  });
}

test("the inbox stays out of the public site: no link, no sitemap entry, no code, noindex", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("inbox");
  for (const language of ["ar", "en"] as const) {
    const response = await openIn(page, language, inboxPath(language));
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const shell = await response!.text();
    expect(shell).toContain("<noscript>");
  }
  for (const route of sitePages) {
    const view = await measureFirstView(browser, `${baseURL}${route.path}`, "ar");
    const html = await (await request.get(route.path)).text();
    expect(html, route.path).not.toMatch(/inbox/iu);
    const scripts = view.files
      .filter((file: MeasuredFile) => file.type === "script")
      .map((file: MeasuredFile) => file.url);
    expect(
      scripts.filter((url) => /\/(inbox|supabase)-[\w-]+\.js$/u.test(url)),
      route.path,
    ).toEqual([]);
  }
});
