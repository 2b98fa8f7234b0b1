import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, uniqueEmail, type Language } from "./fixtures.ts";
import { signIn, submit, test, unfoldFilters } from "./team.ts";

// Answering from the inbox, on the team's server, which delivers mail to an SMTP server of its
// own: the reply is written in the visitor's language, sent by the database's send_reply to the
// submission's own address, and its delivery reaches the open thread live.
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
  },
} as const;

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
  test(`a member answers a registration from the inbox and sees it sent, in ${language} at ${width} px`, async ({
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
    await open(page, language, marker, name);

    const reply = page.getByLabel(text.reply);
    await expect(reply).toHaveAttribute("dir", written === "ar" ? "rtl" : "ltr");
    // Written here, so the mail app's link is not offered.
    await expect(page.getByRole("link", { name: text.mailApp })).toHaveCount(0);
    await page.getByRole("button", { name: text.send }).click();
    await expect(page.getByText(text.empty)).toBeVisible();

    const body =
      written === "ar"
        ? `أهلًا هدى،\nنعم، يبدأ في آذار. ${marker}`
        : `Hello Huda,\nYes, in March. ${marker}`;
    await reply.fill(body);
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

    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
}
