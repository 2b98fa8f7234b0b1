// Two members in the site editor on phones: one taps through every part twice, more moves than
// the server takes presence messages in its window, and each still sees, and is seen by, the other in the part both end in, the channel never closed
// by the server's presence limit. Cut off, the editor says it is reconnecting, and comes back.
// Nothing is published here.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, WebSocketRoute } from "@playwright/test";
import { siteContentSections } from "../../src/shared/site-content/sections.ts";
import { expect, test, uniqueEmail, type Language } from "./fixtures.ts";
import { memberSession, signIn } from "./team.ts";

const words = {
  ar: {
    site: "الموقع",
    messages: "الرسائل",
    parts: "أقسام الموقع",
    here: (name: string) => `هذا القسم مفتوح أيضًا لدى \u2068${name}\u2069`,
    away: /^جارٍ إعادة الاتصال… /u,
    back: "عاد الاتصال.",
    preview: "معاينة",
  },
  en: {
    site: "Site",
    messages: "Submissions",
    parts: "Parts of the site",
    here: (name: string) => `\u2068${name}\u2069 is editing this part too`,
    away: /^Reconnecting… /u,
    back: "Connected again.",
    preview: "Preview",
  },
} as const;

/** The server's limit on one channel's presence messages (src/server/realtime/limits.ts). */
const serverLimit = { most: 10, per: 30_000 };

/**
 * A member's realtime socket, passed through the test: what the page sends and hears, and a way
 * to cut it, refusing new ones until let through again.
 */
async function watchedRealtime(context: BrowserContext) {
  const sent: { at: number; frame: unknown[] }[] = [];
  const heard: string[] = [];
  const open: WebSocketRoute[] = [];
  let cut = false;
  await context.routeWebSocket(/\/realtime\/v1\/websocket/u, (page) => {
    if (cut) {
      void page.close({ code: 1011 });
      return;
    }
    const server = page.connectToServer();
    open.push(page);
    page.onMessage((message) => {
      if (typeof message === "string")
        sent.push({ at: Date.now(), frame: JSON.parse(message) as unknown[] });
      server.send(message);
    });
    server.onMessage((message) => {
      if (typeof message === "string") heard.push(message);
      page.send(message);
    });
  });
  return {
    /** The presence messages sent on the editors' channel: event and when. */
    presence: () =>
      sent
        .filter(({ frame }) => frame[2] === "realtime:team:site-editor" && frame[3] === "presence")
        .map(({ at, frame }) => ({ at, event: (frame[4] as { event: string }).event })),
    /** Whether the server ended the editors' channel. */
    closed: () =>
      heard.some(
        (message) =>
          message.includes("rate limit exceeded") ||
          (message.includes('"realtime:team:site-editor"') && message.includes('"phx_close"')),
      ),
    async cut() {
      cut = true;
      await Promise.all(open.splice(0).map((socket) => socket.close({ code: 1011 })));
    },
    restore() {
      cut = false;
    },
  };
}

/** The most messages in any window of `per`, as the server's sliding window counts them. */
function busiest(times: readonly number[], per: number) {
  return Math.max(0, ...times.map((at) => times.filter((t) => t >= at && t < at + per).length));
}

const partsOf = (page: Page, language: Language) =>
  page.getByRole("navigation", { name: words[language].parts }).getByRole("link");

/** The line under the section's heading, not the polite status that says news. */
const presenceLine = (page: Page, text: string | RegExp) =>
  page
    .getByRole("form")
    .getByRole("paragraph")
    .filter({ hasText: text })
    .and(page.locator(":not([role=status])"));

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots-presence/${name}.png` });
}

for (const language of ["ar", "en"] as const) {
  test(`a member taps through every part twice, faster than the server takes presence, and still sees, and is seen by, a colleague, on phones in ${language}`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const text = words[language];
    const layla = uniqueEmail("layla");
    const omar = uniqueEmail("omar");
    const aContext = await browser.newContext({ viewport: { width: 375, height: 720 } });
    const bContext = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const aSocket = await watchedRealtime(aContext);
    const bSocket = await watchedRealtime(bContext);
    const a = await aContext.newPage();
    const b = await bContext.newPage();
    await signIn(a, language, await memberSession(language, layla));
    await signIn(b, language, await memberSession(language, omar));
    for (const page of [a, b]) {
      await page.getByRole("link", { name: text.site, exact: true }).click();
      await expect(page.getByRole("heading", { name: text.site, level: 1 })).toBeVisible();
    }
    // Omar in the page texts, the last part Layla will tap. Each part, and the history: counted
    // once the editor has loaded them, not while it is still reading the drafts.
    const parts = partsOf(a, language);
    const count = siteContentSections.length + 1;
    for (const page of [a, b]) await expect(partsOf(page, language)).toHaveCount(count);
    const last = partsOf(b, language).nth(count - 2);
    await last.click();
    await expect(last).toHaveAttribute("aria-current", "page");

    // Layla taps each part (the history aside), twice, reading each for a moment.
    const order = Array.from({ length: count - 1 }, (_, index) => index);
    const taps = [...order, ...order];
    const started = Date.now();
    for (const [step, index] of taps.entries()) {
      await parts.nth(index).click();
      await expect(parts.nth(index)).toHaveAttribute("aria-current", "page");
      // A member's pace, not a wait for anything: each part open for a moment, the whole round
      // in 15 s however long the taps themselves take.
      await a.waitForTimeout(
        Math.max(0, started + ((step + 1) * 15_000) / taps.length - Date.now()),
      );
    }
    // What the journey is about: more moves inside the server's window than it takes presence
    // messages in one, whatever the machine's load made of the pace.
    expect(taps.length).toBeGreaterThan(serverLimit.most);
    expect(Date.now() - started).toBeLessThan(serverLimit.per);

    // Each sees the other in the part both ended in, however many moves it took to get there.
    await expect(presenceLine(b, text.here(layla))).toBeVisible({ timeout: 40_000 });
    await expect(presenceLine(a, text.here(omar))).toBeVisible();
    await expect(a.getByText(text.away)).toHaveCount(0);
    expect(aSocket.closed()).toBe(false);
    const moves = aSocket.presence();
    expect(moves.filter(({ event }) => event !== "track")).toEqual([]);
    expect(
      busiest(
        moves.map(({ at }) => at),
        serverLimit.per,
      ),
    ).toBeLessThan(serverLimit.most);
    test.info().annotations.push({
      type: "presence",
      description: `${moves.length} tracks for ${order.length * 2} moves, at most ${busiest(
        moves.map(({ at }) => at),
        serverLimit.per,
      )} in 30 s`,
    });
    await shoot(a, `line-${language}-375`);
    await shoot(b, `line-${language}-320`);

    // The connection cut: each says it is reconnecting, seen and said, and names nobody.
    await aSocket.cut();
    await bSocket.cut();
    for (const page of [a, b]) {
      await expect(presenceLine(page, text.away)).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: text.away })).toHaveCount(1);
      await expect(page.getByText(text.here(page === a ? omar : layla))).toHaveCount(0);
    }
    for (const page of [a, b]) {
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map(({ id }) => id)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
    }
    await shoot(a, `away-${language}-375`);
    await shoot(b, `away-${language}-320`);
    aSocket.restore();
    bSocket.restore();
    await expect(presenceLine(b, text.here(layla))).toBeVisible({ timeout: 40_000 });
    await expect(presenceLine(a, text.here(omar))).toBeVisible({ timeout: 40_000 });
    await expect(a.getByText(text.away)).toHaveCount(0);

    // Back from the messages, Layla finds the part she left, and its preview opens where the
    // part shows on the page.
    const stories = parts.nth(count - 3);
    await stories.click();
    await a.getByRole("link", { name: text.messages, exact: true }).click();
    await a.getByRole("link", { name: text.site, exact: true }).click();
    await expect(stories).toHaveAttribute("aria-current", "page");
    await a.getByRole("button", { name: text.preview, exact: true }).click();
    const frame = a.locator("iframe").first();
    await expect
      .poll(() =>
        frame.evaluate((element: HTMLIFrameElement) => element.contentWindow?.scrollY ?? 0),
      )
      .toBeGreaterThan(300);
    await aContext.close();
    await bContext.close();
  });
}
