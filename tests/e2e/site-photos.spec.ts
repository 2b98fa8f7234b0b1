// A member puts a speaker's photo on a story from a phone, in Arabic: chooses it, describes it in
// both languages, publishes, and a visitor without scripts sees it on the community page with its
// description in the page's language. It publishes, so it runs with the editor's journeys
// (playwright.config.ts), and restores the version before, leaving the content as it found it.
import { deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures.ts";
import { memberSession, signIn } from "./team.ts";

const words = {
  site: "الموقع",
  stories: "القصص",
  story1: /^القصة ١/u,
  choose: "أضف صورة",
  chosen: "الصورة التي اخترتها",
  uploaded: /رُفعت الصورة/u,
  altAr: "وصف الصورة (العربية)",
  altEn: "وصف الصورة (الإنجليزية)",
  saved: /حُفظت المسودة/u,
  publish: "نشر…",
  publishTitle: "نشر هذه التعديلات؟",
  confirm: "انشر",
  live: /صار على الموقع الآن/u,
  history: "السجل",
  restore: "استعادة",
  restored: /نُشر الإصدار .* من جديد/u,
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A photo as a phone's picker hands one over: a PNG of a warm gradient, 800 × 600. */
function photo(): Buffer {
  const width = 800;
  const height = 600;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows.set(
        [200, Math.round((x / width) * 180), Math.round((y / height) * 120)],
        row + 1 + x * 3,
      );
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

/** The community page as a visitor without scripts receives it: the photo with this alt text. */
async function photoWithoutScripts(browser: Browser, path: string, alt: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 667 },
  });
  const page = await context.newPage();
  await page.goto(path);
  const image = page.getByRole("img", { name: alt, exact: true });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("width", "192");
  await expect(image).toHaveAttribute("height", "192");
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute(
    "src",
    /^\/storage\/v1\/render\/image\/public\/site-media\/stories\/[0-9a-f-]{36}\.webp\?width=128&height=128&resize=cover/u,
  );
  // The browser chose a variant for the circle's size, never the original, and it arrived.
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  const chosen = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  expect(Number(/[?&]width=(\d+)/u.exec(chosen)?.[1])).toBeLessThanOrEqual(192);
  await context.close();
}

test("a member adds a photo to a story from a phone in Arabic, and the page shows it without scripts in both languages", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const marker = (uniqueEmail("photo").split("@")[0] ?? "").slice(-6);
  const altAr = `سارة على المنصة ${marker}`;
  const altEn = `Sara on stage ${marker}`;

  await page.setViewportSize({ width: 375, height: 667 });
  await signIn(page, "ar", await memberSession("ar"));
  await page.getByRole("link", { name: words.site, exact: true }).click();
  await page
    .getByRole("navigation")
    .getByRole("link", { name: words.stories, exact: true })
    .click();
  const story = page.getByRole("group", { name: words.story1 });
  const input = story.getByLabel(words.choose, { exact: true });
  await expect(input).toHaveAttribute(
    "accept",
    "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif",
  );
  await input.setInputFiles({ name: "IMG_0042.png", mimeType: "image/png", buffer: photo() });

  await expect(story.getByRole("img", { name: words.chosen })).toBeVisible();
  await expect(story.getByRole("status").filter({ hasText: words.uploaded })).toBeVisible({
    timeout: 20_000,
  });
  await story.getByLabel(words.altAr, { exact: true }).fill(altAr);
  await story.getByLabel(words.altEn, { exact: true }).fill(altEn);
  await expect(page.getByRole("status").filter({ hasText: words.saved })).toBeVisible();
  const axe = await new AxeBuilder({ page }).exclude("iframe").analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

  await page.getByRole("button", { name: words.publish }).click();
  const dialog = page.getByRole("dialog", { name: words.publishTitle });
  await expect(dialog).toContainText(altAr);
  await dialog.getByRole("button", { name: words.confirm, exact: true }).click();
  await expect(page.getByText(words.live)).toBeVisible({ timeout: 15_000 });

  await photoWithoutScripts(browser, "/community", altAr);
  await photoWithoutScripts(browser, "/en/community", altEn);

  await page
    .getByRole("navigation")
    .getByRole("link", { name: words.history, exact: true })
    .click();
  await page
    .getByRole("button", { name: new RegExp(`^${words.restore}`, "u") })
    .nth(0)
    .click();
  await page.getByRole("dialog").getByRole("button", { name: words.restore }).click();
  await expect(page.getByText(words.restored)).toBeVisible({ timeout: 10_000 });
});

const draftWords = {
  ar: {
    site: "الموقع",
    stories: "القصص",
    story: (number: number) => new RegExp(`^القصة ${"٠١٢٣٤٥٦٧٨٩"[number] ?? ""}`, "u"),
    choose: "أضف صورة",
    uploaded: /رُفعت الصورة/u,
    remove: "احذف الصورة",
    quote: "الاقتباس (الإنجليزية)",
    altAr: "وصف الصورة (العربية)",
    altEn: "وصف الصورة (الإنجليزية)",
    saved: /حُفظت المسودة/u,
    current: "الصورة في هذه المسودة",
    publish: "نشر…",
    publishTitle: "نشر هذه التعديلات؟",
    missing: /القصة ١.* › الصورة › وصف الصورة › العربية: اكتب بهذه اللغة ما تُظهره الصورة/u,
    paused: /^راجِع التعديلات/u,
    confirm: "انشر",
    fresh: "جديد",
    cancel: "ليس الآن",
  },
  en: {
    site: "Site",
    stories: "Stories",
    story: (number: number) => new RegExp(`^Story ${number}`, "u"),
    choose: "Add a photo",
    uploaded: /Photo uploaded/u,
    remove: "Remove the photo",
    quote: "Quote (English)",
    altAr: "Description of the photo (Arabic)",
    altEn: "Description of the photo (English)",
    saved: /Draft saved/u,
    current: "The photo in this draft",
    publish: "Publish…",
    publishTitle: "Publish these changes?",
    missing: /Story 1.* › Photo › Description of the photo › Arabic: Say what the photo shows/u,
    paused: /^Look at the changes/u,
    confirm: "Publish",
    fresh: "New",
    cancel: "Not now",
  },
};

async function openStories(page: Page, language: "ar" | "en") {
  const text = draftWords[language];
  await page.getByRole("link", { name: text.site, exact: true }).click();
  // Named with its count of problems once a photo waits for its description: "Stories 2".
  await page
    .getByRole("navigation")
    .getByRole("link", { name: new RegExp(`^${text.stories}`, "u") })
    .click();
}

const shots = "/tmp/shots-draft";

for (const [language, width] of [
  ["ar", 375],
  ["ar", 320],
  ["en", 375],
  ["en", 320],
] as const) {
  test(`a photo awaiting its description leaves the section's other edits in the server's draft, publishing asks for it, and a colleague's save pauses the dialog, in ${language} at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const text = draftWords[language];
    const marker = (uniqueEmail("draft").split("@")[0] ?? "").slice(-6);
    const height = width === 320 ? 640 : 760;
    const a = await (await browser.newContext({ viewport: { width, height } })).newPage();
    const b = await (await browser.newContext({ viewport: { width, height } })).newPage();
    await signIn(a, language, await memberSession(language));
    await signIn(b, language, await memberSession(language));
    await openStories(a, language);

    // Layla adds a speaker's photo to the first story, and writes no description yet.
    const first = a.getByRole("group", { name: text.story(1) });
    await first
      .getByLabel(text.choose, { exact: true })
      .setInputFiles({ name: "IMG_0042.png", mimeType: "image/png", buffer: photo() });
    await expect(first.getByRole("status").filter({ hasText: text.uploaded })).toBeVisible({
      timeout: 20_000,
    });
    // Meanwhile she edits the second story's quote: the whole section is saved, photo and all.
    const second = a.getByRole("group", { name: text.story(2) });
    const quote = second.getByLabel(text.quote, { exact: true });
    const quoteBefore = await quote.inputValue();
    const edited = `Words kept while a photo waits ${marker}`;
    await quote.fill(edited);
    await expect(a.getByRole("status").filter({ hasText: text.saved })).toBeVisible();

    // Omar, another member, reads both from the server's draft.
    await openStories(b, language);
    await expect(
      b.getByRole("group", { name: text.story(2) }).getByLabel(text.quote, { exact: true }),
    ).toHaveValue(edited);
    await expect(
      b.getByRole("group", { name: text.story(1) }).getByRole("img", { name: text.current }),
    ).toBeVisible();

    // Publishing lists the missing description, in the member's language, linked to its field.
    await a.getByRole("button", { name: text.publish }).click();
    const missing = a.getByRole("link", { name: text.missing });
    await expect(missing).toBeVisible();
    await expect(a.getByRole("dialog")).toHaveCount(0);
    expect(await axeViolations(a)).toEqual([]);
    await missing.scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${shots}/problems-${language}-${width}.png` });
    await missing.click();
    const altAr = first.getByLabel(text.altAr, { exact: true });
    await expect(altAr).toBeFocused();
    await altAr.fill(`سارة على المنصة ${marker}`);
    await first.getByLabel(text.altEn, { exact: true }).fill(`Sara on stage ${marker}`);
    await expect(a.getByRole("status").filter({ hasText: text.saved })).toBeVisible();

    // The dialog names the photo by its thumbnail and description.
    await a.getByRole("button", { name: text.publish }).click();
    const dialog = a.getByRole("dialog", { name: text.publishTitle });
    const description = language === "ar" ? `سارة على المنصة ${marker}` : `Sara on stage ${marker}`;
    const thumbnail = dialog.getByRole("img", { name: description });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(dialog.getByText(/stories\/[0-9a-f-]{36}\.webp/u)).toHaveCount(0);
    await thumbnail.scrollIntoViewIfNeeded();
    await a.screenshot({ path: `${shots}/dialog-${language}-${width}.png` });

    // Omar saves the third story while the dialog is open: it is read again, the button waits.
    const third = b
      .getByRole("group", { name: text.story(3) })
      .getByLabel(text.quote, { exact: true });
    const thirdBefore = await third.inputValue();
    await third.fill(`Omar's half-typed ${marker}`);
    const confirm = dialog.getByRole("button", { name: text.paused });
    await expect(confirm).toHaveAttribute("aria-disabled", "true");
    await expect(dialog.getByText(text.fresh, { exact: true })).toBeVisible();
    await a.screenshot({ path: `${shots}/paused-${language}-${width}.png` });
    expect(await axeViolations(a)).toEqual([]);
    await expect(dialog.getByText(`Omar's half-typed ${marker}`)).toBeVisible();
    // Then it may publish what it shows; this journey leaves the site as it was instead.
    await expect(
      dialog.getByRole("button", { name: text.confirm, exact: true }),
    ).not.toHaveAttribute("aria-disabled", "true");
    await dialog.getByRole("button", { name: text.cancel }).click();
    expect(
      await a.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    await third.fill(thirdBefore);
    await expect(b.getByRole("status").filter({ hasText: text.saved })).toBeVisible();
    await expect(quote).toHaveValue(edited);
    await first.getByRole("button", { name: text.remove }).click();
    await quote.fill(quoteBefore);
    await expect(a.getByRole("status").filter({ hasText: text.saved })).toBeVisible();
    await a.context().close();
    await b.context().close();
  });
}
