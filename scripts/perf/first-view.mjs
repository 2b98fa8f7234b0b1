// Loads a page as a phone would and adds up what its first view fetched: bytes of script and
// stylesheet (gzip, level 9, whatever the server chose to send), fonts as sent, and every host
// asked. Deterministic for a given build: the same page asks for the same files.
import { gzipSync } from "node:zlib";

const viewport = { width: 412, height: 823 };

/**
 * @param {import("@playwright/test").Browser} browser
 * @param {string} url
 * @param {"ar" | "en"} language
 */
export async function measureFirstView(browser, url, language) {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true });
  const origin = new URL(url).origin;
  await context.addCookies([{ name: "kalima-language", value: language, url: origin }]);
  const page = await context.newPage();
  const totals = { script: 0, stylesheet: 0, font: 0, document: 0 };
  const hosts = new Set();
  const files = [];
  const pending = [];
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (!(type in totals)) return;
    pending.push(
      response.body().then(
        (body) => {
          const bytes = type === "font" ? body.length : gzipSync(body, { level: 9 }).length;
          totals[type] += bytes;
          files.push({ type, bytes, url: response.url() });
        },
        () => {},
      ),
    );
  });
  // The app's scripts are fetched after the first paint (src/shared/defer-app-script.js), which a
  // busy machine can hold back past any quiet period: wait for the last of them, then for quiet.
  const appLoaded = page.waitForResponse((answer) =>
    /\/entry\.client-[\w-]+\.js$/u.test(answer.url()),
  );
  const response = await page.goto(url, { waitUntil: "load" });
  await appLoaded;
  await page.waitForLoadState("networkidle");
  await page.evaluate("document.fonts.ready");
  await Promise.all(pending);
  await context.close();
  return { status: response?.status() ?? 0, totals, hosts: [...hosts], files };
}
