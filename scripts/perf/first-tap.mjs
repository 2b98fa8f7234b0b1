// The first tap on a phone: from the touch on the menu button, a program card or the language
// switch to the frame that shows the change, under 4× CPU slowdown, the tap coming a set time
// after the page's load event. The change is read from the page: a MutationObserver on what the
// control changes (hidden, open, aria-expanded, the page's lang) or the popover's beforetoggle,
// then the frame after it; when the tap loads another page (a link before the app is awake),
// that page's first contentful paint. The touch's time is its event's timeStamp, which includes
// any wait for a busy main thread.

// watchForChange and the functions passed to page.evaluate run in the page, not in Node.
/* global window, document, requestAnimationFrame, addEventListener, MutationObserver */

const viewport = { width: 412, height: 823 };

/** What is tapped, in the markup of this site's past and present versions. */
export const tapTargets = {
  menu: "header button[aria-controls]",
  card: "main li summary, main li h2 > button[aria-expanded]",
  language: "header :is(a, button)[lang]",
};

function watchForChange() {
  const tap = (window.__kalimaTap = {});
  const changed = () => {
    if (tap.touch === undefined || tap.changed !== undefined) return;
    tap.changed = performance.now();
    requestAnimationFrame(() => setTimeout(() => (tap.painted = performance.now())));
  };
  addEventListener(
    "pointerdown",
    (event) => {
      if (tap.touch !== undefined) return;
      tap.touch = event.timeStamp;
      sessionStorage.setItem("kalima-tap", String(performance.timeOrigin + event.timeStamp));
    },
    { capture: true },
  );
  addEventListener("beforetoggle", changed, { capture: true });
  // Only something opening or the language changing counts: hydration writing aria-expanded
  // "false" is no answer to the tap.
  const opened = ({ target, attributeName }) =>
    attributeName === "lang"
      ? target === document.documentElement
      : attributeName === "hidden"
        ? !target.hidden
        : attributeName === "open"
          ? target.open
          : target.getAttribute("aria-expanded") === "true";
  new MutationObserver((records) => {
    if (records.some(opened)) changed();
  }).observe(document, {
    attributes: true,
    attributeFilter: ["hidden", "open", "aria-expanded", "lang"],
    subtree: true,
  });
}

/**
 * One tap, `delayMs` after load, on a fresh page: milliseconds from the touch to the frame that
 * shows its effect, and whether the page answered it in place or loaded another page.
 * @param {import("@playwright/test").Browser} browser
 * @param {string} url
 * @param {keyof typeof tapTargets} target
 * @param {number} delayMs
 * @param {"ar" | "en"} language
 */
export async function measureFirstTap(browser, url, target, delayMs, language) {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
  await context.addCookies([
    { name: "kalima-language", value: language, url: new URL(url).origin },
  ]);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const selector = tapTargets[target];
    await page.addInitScript(`(${watchForChange})()`);
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(delayMs);
    const element = page.locator(selector).first();
    const box = await element.boundingBox();
    if (!box) throw new Error(`${url}: nothing to tap for ${target}`);
    // A new document, not a change of address within this one.
    const navigated = page
      .waitForEvent("domcontentloaded", { timeout: 60_000 })
      .then(() => "navigated")
      .catch(() => "stayed");
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const painted = page
      .waitForFunction(() => window.__kalimaTap?.painted, null, { timeout: 60_000 })
      .then(() => "painted");
    const outcome = await Promise.race([painted, navigated]);
    if (outcome === "painted") {
      const ms = await page.evaluate(() => window.__kalimaTap.painted - window.__kalimaTap.touch);
      return { ms, answer: /** @type {const} */ ("in place") };
    }
    if (outcome === "navigated") {
      await page.waitForLoadState("load");
      const ms = await page.evaluate(async () => {
        const touched = Number(sessionStorage.getItem("kalima-tap"));
        const paint = await new Promise((resolve) => {
          new PerformanceObserver((entries) => {
            const entry = entries.getEntriesByName("first-contentful-paint")[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: "paint", buffered: true });
        });
        return performance.timeOrigin + paint - touched;
      });
      return { ms, answer: /** @type {const} */ ("page load") };
    }
    throw new Error(`${url}: a tap on ${target} changed nothing`);
  } finally {
    await context.close();
  }
}
