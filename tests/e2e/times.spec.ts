import { pages } from "../../src/shared/pages.js";
import { localizedPath } from "../../src/shared/language.ts";
import { ar } from "../../src/web/content/ar.ts";
import { en } from "../../src/web/content/en.ts";
import { programSchedule } from "../../src/web/content/site.ts";
import { expect, test } from "./fixtures.ts";

const content = { ar, en };

// A time of day as the site writes it, in either language's digits: 9:00, ٩:٠٠.
const clock = /[0-9\u0660-\u0669]{1,2}:[0-9\u0660-\u0669]{2}/gu;

// The pages that show times, and how many <time> elements each holds.
const timesShown: Partial<Record<string, number>> = {
  "/": programSchedule.length,
  "/programs": programSchedule.length,
  "/mutakallim": 1,
};

/** The text of every <time> in the HTML our server sends, before any script has run. */
function timesInHtml(html: string): string[] {
  return [...html.matchAll(/<time\b[^>]*>([\s\S]*?)<\/time>/gu)].map(([, inner = ""]) =>
    inner
      .replace(/<[^>]+>/gu, "")
      .replace(/&nbsp;/gu, "\u00a0")
      .replace(/&amp;/gu, "&"),
  );
}

for (const language of ["ar", "en"] as const) {
  test(`every time of day on every page names its zone, before and after waking, in ${language}`, async ({
    page,
    request,
  }) => {
    const zone = content[language].timeZone;
    for (const route of pages) {
      const address = localizedPath(route.path, language);
      const sent = timesInHtml(await (await request.get(address)).text());
      await page.goto(address);
      await expect(page.locator("#root")).toHaveAttribute("data-hydrated", "");

      const times = page.getByRole("main").locator("time");
      await expect(times, address).toHaveCount(timesShown[route.path] ?? 0);
      const shown = await times.allTextContents();
      for (const time of shown) expect(time, address).toContain(zone);
      // What the browser shows once the app has woken is what the prerendered page said.
      expect(shown, address).toEqual(sent);

      // No time of day anywhere on the page stands outside a <time> that names its zone.
      const everywhere = (await page.locator("#root").textContent()) ?? "";
      const clocks = everywhere.match(clock) ?? [];
      const clocksInTimes = shown.join(" ").match(clock) ?? [];
      expect(clocks, address).toEqual(clocksInTimes);
    }
  });
}
