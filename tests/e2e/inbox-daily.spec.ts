import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { makeApiKey } from "../../src/server/keys.ts";
import { e2eSecret, expect, uniqueEmail, type Language } from "./fixtures.ts";
import {
  enrolledMember,
  inboxPath,
  signIn,
  test,
  recoveryLink,
  signedUpStranger,
  submit,
  totpCode,
  unfoldFilters,
  type VisitorSubmission,
} from "./team.ts";

const words = {
  ar: {
    newPassword: "كلمة المرور الجديدة",
    savePassword: "احفظ كلمة المرور",
    code: "الرمز المكوّن من ستة أرقام",
    confirm: "تأكيد",
    inbox: "صندوق الوارد",
    search: "بحث",
    searchButton: "ابحث",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    signIn: "تسجيل الدخول",
    signInTitle: "تسجيل الدخول إلى صندوق الوارد",
    notMember: "هذا الحساب ليس من الفريق",
    signOut: "تسجيل الخروج",
    verify: "تحقّق",
    status: "الحالة",
    one: "رسالة واحدة",
    two: "رسالتان",
    none: "لا رسائل",
    notSpam: "ليست مزعجة",
    movedBack: "أُعيدت إلى الرسائل الجديدة",
    back: "العودة إلى القائمة",
    unreadMark: "غير مقروءة",
    markUnread: "علّمها غير مقروءة",
    remove: "احذف",
    removeConfirm: "احذف نهائيًا",
    removed: "حُذفت الرسالة",
    erase: "امحُ كل ما أرسله هذا العنوان",
    eraseConfirm: "امحُ الكل",
    selectPage: "اختر كل ما في هذه الصفحة",
    bulkStatus: "غيّر حالتها إلى",
    bulkApply: "طبّق",
    done: "منجزة",
  },
  en: {
    newPassword: "New password",
    savePassword: "Save password",
    code: "Six-digit code",
    confirm: "Confirm",
    inbox: "Inbox",
    search: "Search",
    searchButton: "Search",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    signInTitle: "Sign in to the inbox",
    notMember: "This account is not on the team",
    signOut: "Sign out",
    verify: "Verify",
    status: "Status",
    one: "1 submission",
    two: "2 submissions",
    none: "0 submissions",
    notSpam: "Not spam",
    movedBack: "Moved back to the new submissions",
    back: "Back to the list",
    unreadMark: "Unread",
    markUnread: "Mark unread",
    remove: "Delete",
    removeConfirm: "Delete for good",
    removed: "Submission deleted",
    erase: "Erase everything from this address",
    eraseConfirm: "Erase all",
    selectPage: "Select all on this page",
    bulkStatus: "Set their status to",
    bulkApply: "Apply",
    done: "Done",
  },
} as const;

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const language of ["ar", "en"] as const) {
  test(`no inbox screen scrolls sideways at 320, 375 or 768 px, whatever a visitor typed, in ${language}`, async ({
    page,
    teamSession,
  }) => {
    test.setTimeout(120_000);
    const marker = uniqueEmail("wide").split("@")[0] ?? "";
    const long: VisitorSubmission = {
      name: `${marker} ${"ن".repeat(90)}${"N".repeat(109 - marker.length)}`,
      email: `${marker}${"a".repeat(Math.max(1, 60 - marker.length))}@${"b".repeat(55)}.com`,
      phone: "+966550001111",
      message: `https://example.com/${"x".repeat(600)} ${marker}`,
      form_source: "Contact Page",
    };
    await submit([long]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, language, teamSession);
    await search(page, language, marker);
    const card = page.getByRole("link", { name: long.name });
    await expect(card).toBeVisible();
    for (const width of [320, 375, 768]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysOverflow(page), `list at ${width} px`).toBe(0);
    }
    await card.click();
    await expect(page.getByRole("heading", { name: long.name, level: 2 })).toBeVisible();
    for (const width of [320, 375, 768]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysOverflow(page), `detail at ${width} px`).toBe(0);
    }
  });
}

/** The factor's next code: the one just used is refused as a replay until the app shows another. */
async function nextCode(secret: string, used: string): Promise<string> {
  await expect.poll(() => totpCode(secret), { timeout: 35_000, intervals: [500] }).not.toBe(used);
  return totpCode(secret);
}

for (const language of ["ar", "en"] as const) {
  test(`an account that is not on the team is told so and sees nothing of the inbox, in ${language}`, async ({
    page,
  }) => {
    const text = words[language];
    const stranger = await signedUpStranger();
    await page.goto(inboxPath(language));
    await page.getByLabel(text.email).fill(stranger.email);
    await page.getByLabel(text.password, { exact: true }).fill(stranger.password);
    await page.getByRole("button", { name: text.signIn, exact: true }).click();
    await expect(page.getByRole("heading", { name: text.notMember, level: 1 })).toBeFocused();
    await expect(page.getByRole("heading", { name: text.inbox, level: 1 })).toHaveCount(0);
    await expect(page.locator("form")).toHaveCount(0);
    await page.getByRole("main").getByRole("button", { name: text.signOut }).click();
    await expect(page.getByRole("heading", { name: text.signInTitle })).toBeVisible();
  });

  test(`a password reset ends in the inbox at a clean address, in ${language}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    const member = await enrolledMember(language);
    const used = totpCode(member.secret);
    await page.goto(await recoveryLink(language, member.email));
    await page.getByLabel(text.code).fill(await nextCode(member.secret, used));
    await page.getByRole("button", { name: text.verify }).click();
    await page.getByLabel(text.newPassword).fill(`a new long password ${Date.now()}`);
    await page.getByRole("button", { name: text.savePassword }).click();
    await expect(page.getByRole("heading", { name: text.inbox, level: 1 })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === inboxPath(language));
    expect(page.url()).not.toMatch(/recovery|#/u);
  });
}

/**
 * Searches as a member does, and waits until the list answers it: the address carries the words
 * and no reading is under way. A tap before that lands on the last list's rows, dimmed while the
 * search is read, and the search's own navigation then closes what the tap opened.
 */
async function search(page: Page, language: Language, query: string) {
  const text = words[language];
  await unfoldFilters(page);
  await page.getByLabel(text.search).fill(query);
  await page.getByRole("button", { name: text.searchButton, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === query.trim());
  await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
}

for (const language of ["ar", "en"] as const) {
  test(`spam waits in a view of its own, and "not spam" brings it back, in ${language}`, async ({
    page,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    const marker = uniqueEmail("spam").split("@")[0] ?? "";
    const real = {
      name: `Real ${marker}`,
      email: `${marker}@example.com`,
      phone: null,
      message: `Hello ${marker}`,
      form_source: "Contact Page" as const,
    };
    // The honeypot filled: the database stores it as spam.
    const robot = {
      ...real,
      name: `Robot ${marker}`,
      message: `Buy now ${marker}`,
      website: "https://spam.example",
    };
    await submit([real, robot]);
    await signIn(page, language, teamSession);
    await search(page, language, marker);
    await expect(page.getByRole("status").filter({ hasText: text.one })).toBeVisible();
    await expect(page.getByRole("link", { name: real.name })).toBeVisible();
    await expect(page.getByRole("link", { name: robot.name })).toHaveCount(0);

    const status = page.getByLabel(text.status);
    await expect(status.locator('option[value="spam"]')).toHaveText(/\((1|١)\)$/u);
    await status.selectOption("spam");
    await expect(page.getByRole("link", { name: robot.name })).toBeVisible();
    await page.getByRole("link", { name: robot.name }).click();
    await page.getByRole("button", { name: text.notSpam }).click();
    await expect(page.getByText(text.movedBack)).toBeVisible();
    await expect(page.getByRole("button", { name: text.notSpam })).toHaveCount(0);
    await page.getByRole("link", { name: text.back }).click();
    await status.selectOption("all");
    await expect(page.getByRole("status").filter({ hasText: text.two })).toBeVisible();
  });

  test(`search finds what Arabic writers vary, and digits either way, in ${language}`, async ({
    page,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    const marker = uniqueEmail("fold").split("@")[0] ?? "";
    const digits = String(Date.now()).slice(-7);
    const arabicIndic = digits.replace(/\d/gu, (digit) =>
      String.fromCharCode(0x0660 + Number(digit)),
    );
    await submit([
      {
        name: `أحمد ${marker}`,
        email: `${marker}@example.com`,
        phone: `+966 ${arabicIndic}`,
        message: "أودّ المشاركة في المدرسة",
        form_source: "Contact Page",
      },
    ]);
    await signIn(page, language, teamSession);
    for (const query of [`احمد ${marker}`, `أحمد ${marker}`, digits, arabicIndic]) {
      await search(page, language, query);
      await expect(page.getByRole("status").filter({ hasText: text.one }), query).toBeVisible();
      await expect(page.getByRole("link", { name: `أحمد ${marker}` })).toBeVisible();
    }
    await search(page, language, `محمد ${marker}`);
    await expect(page.getByRole("status").filter({ hasText: text.none })).toBeVisible();
  });
}

/** Reads a table as the team's tools do: REST with the service_role key. */
async function readAsService(request: APIRequestContext, path: string) {
  const key = await makeApiKey(e2eSecret, "service_role");
  const response = await request.get(`/rest/v1/${path}`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
}

function visitorFrom(
  marker: string,
  label: string,
  email = `${marker}@example.com`,
): VisitorSubmission {
  return {
    name: `${label} ${marker}`,
    email,
    phone: null,
    message: `Words of ${label} ${marker}`,
    form_source: "Contact Page",
  };
}

/** Where the first glyph of `part` of the element's text is drawn, from the page's left edge. */
function leftOf(page: Page, selector: string, part: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element, wanted) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const start = node.textContent?.indexOf(wanted) ?? -1;
        if (start < 0) continue;
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 1);
        return range.getBoundingClientRect().left;
      }
      throw new Error(`${wanted} is not in the element's text`);
    }, part);
}

for (const language of ["ar", "en"] as const) {
  test(`a phone number typed in Arabic-Indic digits reads in order in the inbox, in ${language}`, async ({
    page,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const marker = uniqueEmail("phone").split("@")[0] ?? "";
    const row = { ...visitorFrom(marker, "Huda"), phone: "+٩٦٢ ٧٩ ١٢٣ ٤٥٦٧" };
    await submit([row]);
    await signIn(page, language, teamSession);
    await search(page, language, marker);
    await page.getByRole("link", { name: row.name }).click();
    const phone = page.locator('a[href^="tel:"]').first();
    await expect(phone).toHaveText("+962 79 123 4567");
    await expect(phone).toHaveAttribute("href", "tel:+962791234567");
    // Drawn left to right in the order typed: the country code first, the last group last.
    const groups = await Promise.all(
      ["962", "79 ", "123", "4567"].map((part) => leftOf(page, 'a[href^="tel:"]', part)),
    );
    expect([...groups].sort((a, b) => a - b)).toEqual(groups);
  });

  test(`unread, then seen once opened, then unread again, in ${language}`, async ({
    page,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    const marker = uniqueEmail("seen").split("@")[0] ?? "";
    const row = visitorFrom(marker, "Rania");
    await submit([row]);
    await signIn(page, language, teamSession);
    await search(page, language, marker);
    const card = page.getByRole("listitem").filter({ hasText: row.name });
    await expect(card.getByText(text.unreadMark, { exact: true })).toBeVisible();
    await page.getByRole("link", { name: row.name }).click();
    // Read, not merely clicked through: the detail is on view before going back.
    await expect(page.getByRole("button", { name: text.markUnread })).toBeVisible();
    await page.getByRole("link", { name: text.back }).click();
    await expect(card).toBeVisible();
    await expect(card.getByText(text.unreadMark, { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: row.name }).click();
    await page.getByRole("button", { name: text.markUnread }).click();
    await expect(card.getByText(text.unreadMark, { exact: true })).toBeVisible();
  });

  test(`a bulk status change sets every selected one, with its history, in ${language}`, async ({
    page,
    request,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    const marker = uniqueEmail("bulk").split("@")[0] ?? "";
    const rows = ["One", "Two", "Three"].map((label) => visitorFrom(marker, label));
    await submit(rows);
    await signIn(page, language, teamSession);
    await search(page, language, marker);
    await page.getByLabel(text.selectPage).check();
    await page.getByLabel(text.bulkStatus).selectOption("done");
    await page.getByRole("button", { name: text.bulkApply }).click();
    for (const row of rows) {
      await expect(page.getByRole("listitem").filter({ hasText: row.name })).toContainText(
        text.done,
      );
    }
    const stored = await readAsService(
      request,
      `contact_submissions?select=id,status&email=eq.${marker}@example.com`,
    );
    expect(stored.map((row) => row.status)).toEqual(["done", "done", "done"]);
    const history = await readAsService(
      request,
      `contact_submission_changes?select=new_value&submission_id=in.(${stored.map((row) => row.id).join(",")})`,
    );
    expect(history.map((row) => row.new_value)).toEqual(["done", "done", "done"]);
  });

  test(`deleting one, and erasing an address, leave only the record that it happened, in ${language}`, async ({
    page,
    request,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    const marker = uniqueEmail("erase").split("@")[0] ?? "";
    const single = visitorFrom(marker, "Single", `${marker}-single@example.com`);
    const many = ["First", "Second"].map((label) => visitorFrom(marker, label));
    await submit([single, ...many]);
    const ids = (
      await readAsService(request, `contact_submissions?select=id&email=like.${marker}*`)
    ).map((row) => row.id);
    await signIn(page, language, teamSession);
    await search(page, language, marker);

    await page.getByRole("link", { name: single.name }).click();
    await page.getByRole("button", { name: text.remove, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: text.removeConfirm })).toBeVisible();
    await dialog.getByRole("button", { name: text.removeConfirm }).click();
    await expect(page.getByText(text.removed)).toBeVisible();
    await expect(page.getByRole("link", { name: single.name })).toHaveCount(0);

    await page.getByRole("link", { name: many[0]?.name ?? "" }).click();
    await page.getByRole("button", { name: text.erase }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.eraseConfirm }).click();
    await expect(page.getByRole("status").filter({ hasText: text.none })).toBeVisible();

    expect(
      await readAsService(request, `contact_submissions?select=id&email=like.${marker}*`),
    ).toEqual([]);
    const inList = `in.(${ids.join(",")})`;
    expect(await readAsService(request, `mail_outbox?select=id&submission_id=${inList}`)).toEqual(
      [],
    );
    const deletions = await readAsService(
      request,
      `contact_submission_deletions?select=*&submission_id=${inList}&order=id`,
    );
    expect(deletions.map((row) => row.reason)).toEqual(["deleted", "erased", "erased"]);
    expect(JSON.stringify(deletions)).not.toContain(marker);
  });
}

async function axeViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

for (const width of [375, 1280]) {
  for (const language of ["ar", "en"] as const) {
    test(`axe finds nothing on the inbox's new screens at ${width} px in ${language}`, async ({
      page,
      teamSession,
    }) => {
      test.setTimeout(120_000);
      const text = words[language];
      await page.setViewportSize({ width, height: 900 });
      const stranger = await signedUpStranger();
      await page.goto(inboxPath(language));
      await page.getByLabel(text.email).fill(stranger.email);
      await page.getByLabel(text.password, { exact: true }).fill(stranger.password);
      await page.getByRole("button", { name: text.signIn, exact: true }).click();
      await expect(page.getByRole("heading", { name: text.notMember })).toBeVisible();
      const violations = await axeViolations(page, "not a member");
      await page.getByRole("main").getByRole("button", { name: text.signOut }).click();
      await expect(page.getByRole("heading", { name: text.signInTitle })).toBeVisible();

      const marker = uniqueEmail("axe").split("@")[0] ?? "";
      const rows = ["One", "Two"].map((label) => visitorFrom(marker, label));
      await submit(rows);
      await signIn(page, language, teamSession);
      await search(page, language, marker);
      await page.getByLabel(text.selectPage).check();
      await expect(page.getByRole("button", { name: text.bulkApply })).toBeVisible();
      violations.push(...(await axeViolations(page, "list, two selected")));
      await page.getByRole("link", { name: rows[0]?.name ?? "" }).click();
      await page.getByRole("button", { name: text.remove, exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      violations.push(...(await axeViolations(page, "asked to delete")));
      expect(violations).toEqual([]);
    });
  }
}
