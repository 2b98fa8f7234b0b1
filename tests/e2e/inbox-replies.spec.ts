import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, uniqueEmail, type Language } from "./fixtures.ts";
import { answerAsVisitor } from "./team-mailbox.ts";
import { signIn, submit, test, unfoldFilters } from "./team.ts";

// Answering from the inbox, on the team's server, which delivers mail to an SMTP server of its
// own: the reply is written in the visitor's language, starting from a saved reply the member
// writes in the inbox's "Saved replies" and edits in the reply box, sent by the database's
// send_reply to the submission's own address, and its delivery reaches the open thread live.
const words = {
  ar: {
    search: "بحث",
    searchButton: "ابحث",
    reply: "ردّك",
    send: "أرسل الرد",
    empty: "اكتب الرد أولًا.",
    from: "ردّ من",
    sent: "أُرسل",
    done: "منجزة",
    replied: "رُدّ على المرسل",
    mailApp: "الرد بالبريد",
    kept: /ردّك الذي لم يُرسل، محفوظ في هذا المتصفح/u,
    savedTab: "الردود المحفوظة",
    add: "أضف ردًّا محفوظًا",
    title: "العنوان",
    language: { ar: "العربية", en: "الإنجليزية" },
    text: "النص",
    save: "احفظ",
    added: "أُضيف الرد المحفوظ",
    submissionsTab: "الرسائل",
    picker: "ردّ محفوظ",
    insert: "أدرج",
    remove: (title: string) => `احذف «${title}»`,
    confirmRemove: "احذف",
    answer: "جواب المرسل",
    answered: "أجاب المرسل بالبريد",
    quoted: "أظهر البريد المقتبس",
    againNew: "أجاب المرسل بالبريد، فعادت هذه الرسالة «جديدة»",
  },
  en: {
    search: "Search",
    searchButton: "Search",
    reply: "Your reply",
    send: "Send reply",
    empty: "Write the reply first.",
    from: "Reply from",
    sent: "Sent",
    done: "Done",
    replied: "Replied to the sender",
    mailApp: "Reply by email",
    kept: /Your unsent reply, kept in this browser/u,
    savedTab: "Saved replies",
    add: "Add a saved reply",
    title: "Title",
    language: { ar: "Arabic", en: "English" },
    text: "Text",
    save: "Save",
    added: "Saved reply added",
    submissionsTab: "Submissions",
    picker: "Saved reply",
    insert: "Insert",
    remove: (title: string) => `Delete “${title}”`,
    confirmRemove: "Delete",
    answer: "The sender's answer",
    answered: "The sender answered by mail",
    quoted: "Show the quoted mail",
    againNew: "The sender answered by mail: this is “New” again",
  },
} as const;

/** Writes a saved reply in the inbox's "Saved replies", as a member does. */
async function writeSavedReply(
  page: Page,
  language: Language,
  saved: { language: Language; title: string; body: string },
) {
  const text = words[language];
  await page.getByRole("link", { name: text.savedTab, exact: true }).click();
  await page.getByRole("button", { name: text.add }).click();
  await expect(page.getByLabel(text.title, { exact: true })).toBeFocused();
  await page.getByLabel(text.title, { exact: true }).fill(saved.title);
  await page.getByRole("radio", { name: text.language[saved.language] }).check();
  const body = page.getByLabel(text.text, { exact: true });
  await expect(body).toHaveAttribute("dir", saved.language === "ar" ? "rtl" : "ltr");
  await body.fill(saved.body);
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(page.getByText(text.added)).toBeVisible();
  await expect(page.getByRole("heading", { name: saved.title })).toBeFocused();
  await axeClean(page);
  await page.getByRole("link", { name: text.submissionsTab, exact: true }).click();
}

/** Deletes the test's saved reply again, after asking. */
async function deleteSavedReply(page: Page, language: Language, title: string) {
  const text = words[language];
  await page.getByRole("link", { name: text.savedTab, exact: true }).click();
  await page.getByRole("button", { name: text.remove(title) }).click();
  await page.getByRole("dialog").getByRole("button", { name: text.confirmRemove }).click();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/** Finds the visitor's submission by its marker and opens it. */
async function open(page: Page, language: Language, marker: string, name: string) {
  const text = words[language];
  await unfoldFilters(page);
  await page.getByLabel(text.search).fill(marker);
  await page.getByRole("button", { name: text.searchButton, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === marker);
  await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
  await page.getByRole("link", { name }).click();
}

const cases = [
  { language: "ar", width: 375, page: "ar" },
  { language: "en", width: 1280, page: "en" },
] as const;

for (const { language, width, page: written } of cases) {
  test(`a member answers a registration from the inbox, from a saved reply edited in the box, and sees it sent, in ${language} at ${width} px`, async ({
    page,
    teamSession,
  }) => {
    test.setTimeout(90_000);
    const text = words[language];
    await page.setViewportSize({ width, height: 900 });
    const marker = uniqueEmail("reply").split("@")[0] ?? "";
    const name = written === "ar" ? `هدى ${marker}` : `Huda ${marker}`;
    await submit([
      {
        name,
        email: `${marker}@example.com`,
        phone: null,
        message: written === "ar" ? "هل يبدأ البرنامج في الربيع؟" : "Does it start in spring?",
        form_source: "Mutakallim Program",
        language: written,
      },
    ]);
    await signIn(page, language, teamSession);
    const saved =
      written === "ar"
        ? {
            language: written,
            title: `مواعيد المتكلم ${marker}`,
            body: `يبدأ برنامج المتكلم في آذار، أيام السبت من ٧:٠٠ إلى ٨:٣٠ مساءً. ${marker}`,
          }
        : {
            language: written,
            title: `Mutakallim dates ${marker}`,
            body: `Mutakallim starts in March, on Saturdays from 7:00 to 8:30 PM. ${marker}`,
          };
    await writeSavedReply(page, language, saved);
    await open(page, language, marker, name);

    const reply = page.getByLabel(text.reply);
    await expect(reply).toHaveAttribute("dir", written === "ar" ? "rtl" : "ltr");
    // Written here, so the mail app's link is not offered.
    await expect(page.getByRole("link", { name: text.mailApp })).toHaveCount(0);
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByText(text.empty)).toBeVisible();

    // The saved reply, put in the box and edited there: a greeting before it, a line after it.
    const greeting = written === "ar" ? "أهلًا هدى،\n" : "Hello Huda,\n";
    const after = written === "ar" ? "\nنلقاك هناك." : "\nSee you there.";
    await reply.fill(greeting);
    await page.getByLabel(text.picker, { exact: true }).selectOption({ label: saved.title });
    await page.getByRole("button", { name: text.insert, exact: true }).click();
    await expect(reply).toBeFocused();
    await expect(reply).toHaveValue(greeting + saved.body);
    await page.keyboard.type(after);
    const body = greeting + saved.body + after;
    await expect(reply).toHaveValue(body);
    // Left and come back to: the reply typed is still there, kept by this browser.
    await page.reload();
    await expect(page.getByLabel(text.reply)).toHaveValue(body);
    await expect(page.getByText(text.kept)).toBeVisible();
    await page.getByRole("button", { name: text.send }).click();
    const sent = page
      .getByRole("listitem")
      .filter({ hasText: text.from })
      .filter({ hasText: marker });
    await expect(sent).toBeVisible();
    await expect(reply).toHaveValue("");
    // The worker mails it within a second or two; the open thread hears its delivery live.
    await expect(sent.getByText(text.sent, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(text.done, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(text.replied)).toBeVisible();

    // What was sent is the saved reply as the member edited it, in the thread as in the box.
    await expect(sent).toContainText(saved.body);
    await expect(sent).toContainText(written === "ar" ? "نلقاك هناك." : "See you there.");

    // The visitor answers the mail they got. The server reads the team's mailbox, and the answer
    // arrives in the open thread, live, its quote folded; the submission is new again.
    const answerText =
      written === "ar" ? `شكرًا، سأحضر مع صديقتي. ${marker}` : `Thanks, I will come. ${marker}`;
    await answerAsVisitor(`${marker}@example.com`, answerText);
    const answer = page.getByRole("listitem").filter({ hasText: text.answer });
    await expect(answer).toContainText(answerText, { timeout: 30_000 });
    await expect(answer).toContainText(`${marker}@example.com`);
    const quote = answer.getByText("> the reply");
    await expect(quote).toBeHidden();
    await answer.getByText(text.quoted).click();
    await expect(quote).toBeVisible();
    // The history says the sender answered; the notice beside the status says it is new again.
    await expect(page.getByText(text.answered, { exact: true })).toBeVisible();
    await expect(page.getByText(text.againNew).first()).toBeVisible();
    await axeClean(page);
    await deleteSavedReply(page, language, saved.title);
  });
}
