// Members named as they chose: one named at the invitation (as `npm run team -- invite --name`
// asks the admin API), one naming themselves in the account menu, each then named so in the
// presence line of the part both have open, on phones in Arabic and English.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { expect, test, uniqueEmail, type Language } from "./fixtures.ts";
import { joinAsMember } from "./team.ts";

const words = {
  ar: {
    site: "الموقع",
    stories: "القصص",
    account: "الحساب",
    name: "اسمك",
    save: "احفظ الاسم",
    saved: "حُفظ اسمك، وسيراه زملاؤك من الآن.",
    refused: "في الاسم سطر جديد أو رمز تحكّم أو علامة اتجاه: اكتب الاسم وحده.",
    here: (who: string) => `هذا القسم مفتوح أيضًا لدى \u2068${who}\u2069`,
  },
  en: {
    site: "Site",
    stories: "Stories",
    account: "Account",
    name: "Your name",
    save: "Save name",
    saved: "Your name is saved; your colleagues see it from now on.",
    refused:
      "The name holds a line break, a control character or a direction mark: type the name alone.",
    here: (who: string) => `\u2068${who}\u2069 is editing this part too`,
  },
} as const;

const shots = "/tmp/shots-names";

async function openStories(page: Page, language: Language) {
  const text = words[language];
  await page.getByRole("link", { name: text.site, exact: true }).click();
  await expect(page.getByRole("heading", { name: text.site, level: 1 })).toBeVisible();
  await page.getByRole("navigation").getByRole("link", { name: text.stories, exact: true }).click();
  await expect(page.getByRole("heading", { name: text.stories, level: 2 })).toBeVisible();
}

/** The presence line itself, not the polite status that says an arrival. */
const presenceLine = (page: Page, text: string) =>
  page.getByRole("form").getByRole("paragraph").filter({ hasText: text });

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Nothing wider than the phone at either width, and a screenshot of each to look at. */
async function atEachWidth(page: Page, shot: string) {
  const start = page.viewportSize();
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: start?.height ?? 700 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `${shots}/${shot}-${width}.png` });
  }
  if (start) await page.setViewportSize(start);
}

const cases = [
  {
    invited: { language: "ar", width: 375, name: "ليلى حداد" },
    self: { language: "en", width: 320, name: "Omar Khalil" },
  },
  {
    invited: { language: "en", width: 320, name: "Sara Nasser" },
    self: { language: "ar", width: 375, name: "عمر الخليل" },
  },
] as const;

for (const { invited, self } of cases) {
  test(`a name given at the invitation and one set in the account menu are what presence shows, ${invited.language} at ${invited.width} px and ${self.language} at ${self.width} px`, async ({
    browser,
  }, info) => {
    test.setTimeout(120_000);
    await mkdir(shots, { recursive: true });
    // A retry on the same server meets the first try's members: names of its own, no clash.
    const again = info.retry === 0 ? "" : ` ${info.retry}`;
    const invitedName = `${invited.name}${again}`;
    const selfName = `${self.name}${again}`;
    const selfEmail = uniqueEmail("self");
    // Each member's browser closes with the test: a colleague left in the part would be named
    // in the next test's line.
    const a = await (
      await browser.newContext({ viewport: { width: invited.width, height: 760 } })
    ).newPage();
    const b = await (
      await browser.newContext({ viewport: { width: self.width, height: 700 } })
    ).newPage();
    const closeAll = () => Promise.all([a.context().close(), b.context().close()]);
    const errors: string[] = [];
    for (const page of [a, b]) {
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
    }
    try {
      await joinAsMember(a, invited.language, uniqueEmail("invited"), invitedName);
      await joinAsMember(b, self.language, selfEmail);
      await openStories(a, invited.language);
      await openStories(b, self.language);

      // The name given at the invitation is what the other member reads; one without a name is
      // named by their whole address.
      const seenByA = presenceLine(a, words[invited.language].here(selfEmail));
      const seenByB = presenceLine(b, words[self.language].here(invitedName));
      await expect(seenByA).toBeVisible();
      await expect(seenByB).toBeVisible();

      // The member names themselves in the account menu: a direction mark is refused, said at the
      // field; a name is saved, and the colleague reads it at once.
      const text = words[self.language];
      await b.getByRole("button", { name: text.account }).click();
      const field = b.getByRole("textbox", { name: text.name });
      await field.fill(`${selfName}\u202e`);
      await b.getByRole("button", { name: text.save }).click();
      await expect(b.getByRole("status").filter({ hasText: text.refused })).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await field.fill(`  ${selfName} `);
      await b.getByRole("button", { name: text.save }).click();
      await expect(b.getByRole("status").filter({ hasText: text.saved })).toBeVisible();
      await expect(field).toHaveValue(selfName);
      await expect(field).not.toHaveAttribute("aria-invalid");
      expect(await axeViolations(b)).toEqual([]);
      await atEachWidth(b, `account-name-${self.language}`);

      await expect(presenceLine(a, words[invited.language].here(selfName))).toBeVisible();
      await b.keyboard.press("Escape");
      await expect(field).toBeHidden();
      await expect(seenByB).toBeVisible();
      for (const [page, side] of [
        [a, invited],
        [b, self],
      ] as const) {
        expect(await axeViolations(page)).toEqual([]);
        await atEachWidth(
          page,
          `presence-${side.language}-${side === invited ? "invited" : "self"}`,
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await closeAll();
    }
  });
}
