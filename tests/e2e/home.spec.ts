import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { expect, openIn, test } from "./fixtures.ts";

const content = { ar, en };

interface Overlap {
  phrase: string;
  text: string;
}

/**
 * Every floating phrase against every box of the hero's words (eyebrow, headline, lead, button),
 * with each phrase's drift held at its start and at its end.
 */
function overlapsAtBothEnds(): { phrases: number; overlaps: Overlap[] } {
  const hero = document.querySelector("main section");
  if (!hero) throw new Error("no hero");
  const phrases = [...hero.querySelectorAll<HTMLElement>('[aria-hidden="true"] > span')];
  const words = [...hero.querySelectorAll<HTMLElement>("p, h1, a")].filter(
    (element) => !element.closest('[aria-hidden="true"]'),
  );
  const overlaps: Overlap[] = [];
  for (const end of [false, true]) {
    for (const animation of document.getAnimations()) {
      animation.pause();
      const duration = Number(animation.effect?.getTiming().duration ?? 0);
      animation.currentTime = end ? duration - 1 : 0;
    }
    for (const phrase of phrases) {
      const a = phrase.getBoundingClientRect();
      for (const text of words) {
        const b = text.getBoundingClientRect();
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > 0 && height > 0) {
          overlaps.push({ phrase: phrase.textContent ?? "", text: text.tagName });
        }
      }
    }
  }
  return { phrases: phrases.length, overlaps };
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const language of ["ar", "en"] as const) {
      test(`no floating phrase crosses the hero's words in ${language}`, async ({ page }) => {
        await openIn(page, language, "/");
        await page.evaluate(() => document.fonts.ready);
        const { phrases, overlaps } = await page.evaluate(overlapsAtBothEnds);
        expect(phrases).toBe(20);
        expect(overlaps).toEqual([]);
      });
    }
  });
}

for (const language of ["ar", "en"] as const) {
  test(`a card of the home page's program grid opens the programs page, in ${language}`, async ({
    page,
  }) => {
    const words = content[language];
    await openIn(page, language, "/");
    const grid = page.getByRole("region", { name: words.home.programs.title });
    const card = grid.getByRole("listitem").filter({ hasText: words.programs[2]?.title ?? "" });
    // The card's middle, below its title: the whole card is the link.
    await card.click();
    // The page opens in the language it was chosen in, with the language in its address.
    const address = language === "en" ? /\/en\/programs$/u : /:\d+\/programs$/u;
    await expect(page).toHaveURL(address);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.programsPage.title);
  });
}
