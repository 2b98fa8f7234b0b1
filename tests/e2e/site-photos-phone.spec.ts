// A member on a phone, in both languages at 375 and 320 px, takes a 13 MB photo as a phone
// gives it (noisy, with its EXIF orientation) on a slow uplink: it is taken, its progress shown,
// a cancel leaves nothing stored, a connection cut mid-upload is said as such and the photo sent
// again once back; a HEIC this browser cannot open is refused naming HEIC. It uploads but never
// publishes or saves a described photo, so it runs with the other page journeys.
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { makeApiKey } from "../../src/server/keys.ts";
import { e2eSecret, expect, test, type Language } from "./fixtures.ts";
import { memberSession, signIn } from "./team.ts";

const words = {
  ar: {
    site: "الموقع",
    stories: "القصص",
    story1: /^القصة ١/u,
    choose: "أضف صورة",
    progress: "إرسال الصورة",
    cancel: "ألغِ الرفع",
    cancelled: /أُلغي رفع الصورة/u,
    lost: /انقطع الاتصال/u,
    uploaded: /رُفعت الصورة/u,
    remove: "احذف الصورة",
    heic: /بصيغة HEIC.*الإعدادات ← الكاميرا ← التنسيقات ← الأكثر توافقًا/u,
  },
  en: {
    site: "Site",
    stories: "Stories",
    story1: /^Story 1/u,
    choose: "Add a photo",
    progress: "Sending the photo",
    cancel: "Cancel the upload",
    cancelled: /Upload cancelled/u,
    lost: /The connection was lost/u,
    uploaded: /Photo uploaded/u,
    remove: "Remove the photo",
    heic: /is HEIC.*Settings → Camera → Formats → Most Compatible/u,
  },
} as const;

const shots = "/tmp/shots-photos";
/** site-media's `file_size_limit`. */
const bucketLimit = 10 * 1024 * 1024;
let phonePhoto: Buffer;

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  // A 12-megapixel phone shot held sideways: noise keeps its JPEG over 13 MB.
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) {
    pixels[index] = Math.floor(Math.random() * 256);
  }
  phonePhoto = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 98 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect(phonePhoto.length).toBeGreaterThan(13_000_000);
});

async function storedStories(page: Page): Promise<Map<string, number>> {
  const key = await makeApiKey(e2eSecret, "service_role");
  const answer = await page.request.post("/storage/v1/object/list/site-media", {
    headers: { apikey: key, authorization: `Bearer ${key}` },
    data: { prefix: "stories", limit: 1000, offset: 0 },
  });
  expect(answer.status()).toBe(200);
  const rows = (await answer.json()) as { name: string; metadata: { size: number } | null }[];
  return new Map(rows.map((row) => [row.name, row.metadata?.size ?? 0]));
}

async function throttleUplink(page: Page, bytesPerSecond: number) {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function look(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await page.screenshot({ path: `${shots}/${name}.png` });
}

async function noAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).exclude("iframe").analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

for (const language of ["ar", "en"] as Language[]) {
  for (const width of [375, 320]) {
    test(`a 13 MB phone photo is taken on a slow, cut connection in ${language} at ${width} px`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(240_000);
      // What Chromium logs for the request the cut connection failed.
      consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|net::ERR_FAILED/u);
      // The trace recorder's snapshots fetch the page's blob: images, which connect-src refuses;
      // the run passes without a trace.
      consoleErrors.allow(/^Connecting to 'blob:.*violates .*"connect-src 'self'"/u);
      const text = words[language];
      const name = `${language}-${width}`;
      await page.setViewportSize({ width, height: 740 });
      await signIn(page, language, await memberSession(language));
      await page.getByRole("link", { name: text.site, exact: true }).click();
      await page
        .getByRole("navigation")
        .getByRole("link", { name: text.stories, exact: true })
        .click();
      const story = page.getByRole("group", { name: text.story1 });
      const input = story.getByLabel(text.choose, { exact: true });
      await expect(input).toBeAttached();
      const before = await storedStories(page);
      await throttleUplink(page, 300_000);
      const file = { name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: phonePhoto };

      // Chosen, shrunk, and on its way with its progress; then cancelled.
      await input.setInputFiles(file);
      const progress = story.getByRole("progressbar", { name: text.progress });
      await expect(progress).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value))
        .toBeGreaterThan(0);
      await progress.scrollIntoViewIfNeeded();
      await look(page, `progress-${name}`);
      await story.getByRole("button", { name: text.cancel }).click();
      await expect(story.getByRole("status").filter({ hasText: text.cancelled })).toBeVisible();
      await expect(progress).toBeHidden();

      // Again, and the connection is cut halfway: said as such, and sent once it is back.
      await input.setInputFiles(file);
      await expect(progress).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value))
        .toBeGreaterThan(0);
      await page.context().setOffline(true);
      const lost = story.getByRole("alert").filter({ hasText: text.lost });
      await expect(lost).toBeVisible();
      await lost.scrollIntoViewIfNeeded();
      await look(page, `lost-${name}`);
      await noAxeViolations(page);
      await page.context().setOffline(false);
      await expect(story.getByRole("status").filter({ hasText: text.uploaded })).toBeVisible({
        timeout: 60_000,
      });

      // One photo stored, the one sent, within the bucket's limit; the cancelled one left nothing.
      const after = await storedStories(page);
      const added = [...after].filter(([each]) => !before.has(each));
      expect(added).toHaveLength(1);
      expect(added[0]![1]).toBeGreaterThan(100_000);
      expect(added[0]![1]).toBeLessThan(bucketLimit);
      const shown = story.getByRole("img").first();
      const size = await shown.evaluate((image: HTMLImageElement) => [
        image.naturalWidth,
        image.naturalHeight,
      ]);
      // Upright, as the phone's EXIF said: taller than wide, at most 2560 px.
      expect(size).toEqual([1920, 2560]);

      // A HEIC this browser cannot open: refused naming HEIC and the phone's setting.
      await story.getByRole("button", { name: text.remove }).click();
      await input.setInputFiles({
        name: "IMG_2042.HEIC",
        mimeType: "image/heic",
        buffer: Buffer.concat([
          Buffer.from([0, 0, 0, 24]),
          Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
          Buffer.alloc(4096),
        ]),
      });
      const heic = story.getByRole("alert").filter({ hasText: text.heic });
      await expect(heic).toBeVisible();
      await heic.scrollIntoViewIfNeeded();
      await look(page, `heic-${name}`);
      await noAxeViolations(page);
    });
  }
}
