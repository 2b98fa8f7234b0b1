// Renders the raster images of the brand from the word mark, with the machine's Chromium:
// app icons (180, 192, 512 px), favicon.ico (16, 32, 48 px) for the clients that ask for it
// whatever the page says, and the 1200×630 picture shared pages show (og-image.png).
// Run it when the mark changes (after make-wordmark.py); its output in public/ is committed.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const favicon = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const logo = readFileSync(path.join(root, "public/logo.svg"), "utf8");
// Inlined: a page set from a string may not load file:// fonts.
const font = (file) =>
  `data:font/woff2;base64,${readFileSync(path.join(root, "node_modules", file)).toString("base64")}`;

/** An ICO file whose images are PNGs, as every browser since 2007 reads them. */
function icoOf(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map(({ png }) => png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  const page = await browser.newPage();
  for (const size of [180, 192, 512]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:#0b1326}svg{display:block;width:${size}px;height:${size}px}</style>${favicon}`,
    );
    const name = size === 180 ? "apple-touch-icon.png" : `icon-${size}.png`;
    await page.screenshot({ path: path.join(root, "public", name), omitBackground: false });
  }

  const icons = [];
  for (const size of [16, 32, 48]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:#0b1326}svg{display:block;width:${size}px;height:${size}px}</style>${favicon}`,
    );
    icons.push({ size, png: await page.screenshot({ omitBackground: false }) });
  }
  writeFileSync(path.join(root, "public/favicon.ico"), icoOf(icons));

  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(`<!doctype html><html lang="ar" dir="rtl"><head><style>
    @font-face { font-family: Readex; src: url(${font("@fontsource-variable/readex-pro/files/readex-pro-arabic-wght-normal.woff2")}); }
    @font-face { font-family: ReadexLatin; src: url(${font("@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2")}); }
    html, body { margin: 0; width: 1200px; height: 630px; }
    body { display: grid; place-items: center; align-content: center; gap: 28px;
      background: radial-gradient(ellipse at top, rgba(230,189,102,.22), transparent 60%), #0b1326;
      font-family: Readex, ReadexLatin, sans-serif; color: #fbf7ef; }
    svg { width: 460px; height: auto; }
    p { margin: 0; font-size: 44px; color: #f0d08a; }
    small { font-family: ReadexLatin, sans-serif; font-size: 30px; color: rgba(251,247,239,.8); letter-spacing: .04em; }
  </style></head><body>${logo}<p>قوة الكلمة</p><small>Kalima · The power of the word</small></body></html>`);
  await page.evaluate("document.fonts.ready");
  await page.screenshot({ path: path.join(root, "public/og-image.png") });
} finally {
  await browser.close();
}
