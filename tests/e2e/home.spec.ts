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
    // Each drift held at its very start, then at its very end, whatever phase its delay gives it.
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.effect?.updateTiming({
        delay: 0,
        iterations: 1,
        direction: "normal",
        fill: "both",
      });
      animation.currentTime = end ? Number(animation.effect?.getTiming().duration ?? 0) : 0;
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
  test(`a card of the home page's program grid opens its program on the programs page, in ${language}`, async ({
    page,
  }) => {
    const words = content[language];
    const title = words.programs[2]?.title ?? "";
    await openIn(page, language, "/");
    await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");
    const grid = page.getByRole("region", { name: words.home.programs.title });
    const card = grid.getByRole("listitem").filter({ hasText: title });
    // The card's middle, below its title: the whole card is the link.
    await card.click();
    // The page opens in the language it was chosen in, with the language in its address, and
    // the program in its fragment.
    const address = language === "en" ? /\/en\/programs#[\w-]+$/u : /:\d+\/programs#[\w-]+$/u;
    await expect(page).toHaveURL(address);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.programsPage.title);

    // That program, and it alone, is open, its heading in view and its summary focused.
    const summary = page.locator("summary", { hasText: title });
    await expect(summary).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("summary[aria-expanded=true]")).toHaveCount(1);
    await expect(summary.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
    await expect(summary).toBeFocused();
    await expect(page.locator(`#${await summary.getAttribute("aria-controls")}`)).toContainText(
      words.timeZone,
    );

    // From the keyboard, it closes where it opened.
    await page.keyboard.press("Enter");
    await expect(summary).toHaveAttribute("aria-expanded", "false");
  });
}

interface PhraseProblem {
  phrase: string;
  problem: string;
}

/**
 * Each shown floating phrase's box over its whole drift (from its start to its end) must lie
 * within the viewport's width and the hero, and cross no other phrase's.
 */
function phrasesCutOrPiled(): { shown: number; problems: PhraseProblem[] } {
  const hero = document.querySelector("main section");
  if (!hero) throw new Error("no hero");
  const phrases = [...hero.querySelectorAll<HTMLElement>('[aria-hidden="true"] > span')].filter(
    (phrase) => phrase.getClientRects().length > 0,
  );
  const sweeps = phrases.map(() => ({
    left: Infinity,
    right: -Infinity,
    top: Infinity,
    bottom: -Infinity,
  }));
  for (const end of [false, true]) {
    // Each drift held at its very start, then at its very end, whatever phase its delay gives it.
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.effect?.updateTiming({
        delay: 0,
        iterations: 1,
        direction: "normal",
        fill: "both",
      });
      animation.currentTime = end ? Number(animation.effect?.getTiming().duration ?? 0) : 0;
    }
    phrases.forEach((phrase, index) => {
      const box = phrase.getBoundingClientRect();
      const sweep = sweeps[index];
      if (!sweep) return;
      sweep.left = Math.min(sweep.left, box.left);
      sweep.right = Math.max(sweep.right, box.right);
      sweep.top = Math.min(sweep.top, box.top);
      sweep.bottom = Math.max(sweep.bottom, box.bottom);
    });
  }
  const area = hero.getBoundingClientRect();
  const problems: PhraseProblem[] = [];
  sweeps.forEach((sweep, index) => {
    const phrase = phrases[index]?.textContent ?? "";
    if (sweep.left < 0 || sweep.right > document.documentElement.clientWidth) {
      problems.push({ phrase, problem: "cut by the viewport's edge" });
    }
    if (sweep.top < area.top || sweep.bottom > area.bottom) {
      problems.push({ phrase, problem: "cut by the hero's edge" });
    }
    sweeps.slice(index + 1).forEach((other, offset) => {
      const width = Math.min(sweep.right, other.right) - Math.max(sweep.left, other.left);
      const height = Math.min(sweep.bottom, other.bottom) - Math.max(sweep.top, other.top);
      if (width > 0 && height > 0) {
        problems.push({ phrase, problem: `crosses ${phrases[index + 1 + offset]?.textContent}` });
      }
    });
  });
  return { shown: phrases.length, problems };
}

for (const width of [320, 375, 414]) {
  test.describe(`on a phone ${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const language of ["ar", "en"] as const) {
      test(`no floating phrase is cut or piled on another, in ${language}`, async ({ page }) => {
        await openIn(page, language, "/");
        await page.evaluate(() => document.fonts.ready);
        const { shown, problems } = await page.evaluate(phrasesCutOrPiled);
        expect(shown).toBeGreaterThanOrEqual(6);
        expect(problems).toEqual([]);
      });
    }
  });
}
