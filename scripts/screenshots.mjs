// npm run screenshots [-- /path ...]: full-page screenshots of pages at 375 and 1280 px, in
// Arabic and English, from a running server (BASE_URL, default http://localhost:3000), into
// screenshots/. For looking at the site as a visitor would before calling a screen done.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { sitePages } from "../src/shared/pages.js";

const baseUrl = process.env.BASE_URL ?? "http://localhost:3000";
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [...sitePages.map((page) => page.path), "/missing"];
const widths = [375, 1280];
const languages = ["ar", "en"];

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  for (const language of languages) {
    for (const width of widths) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
      });
      await context.addCookies([{ name: "kalima-language", value: language, url: baseUrl }]);
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(baseUrl + path, { waitUntil: "networkidle" });
        await page.evaluate("document.fonts.ready");
        const name = `${path.replace(/\W+/gu, "-").replace(/^-|-$/gu, "") || "home"}-${language}-${width}`;
        await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
        process.stdout.write(`screenshots/${name}.png\n`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
