import { waitFor } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { firstViewQuietMs } from "./first-view-faces.ts";

/**
 * The switch and the site around it, as a page loads them (with both languages' strings, as
 * tests/support/web-setup.ts does): each test a page of its own, which has loaded no faces yet.
 */
async function freshPage() {
  vi.resetModules();
  const { loadContent } = await import("../content/load-content.ts");
  await Promise.all([loadContent("ar"), loadContent("en")]);
  const { renderWeb } = await import("../../../tests/support/render-web.tsx");
  const { LanguageSwitch } = await import("../components/layout/language-switch.tsx");
  return { renderWeb, LanguageSwitch };
}

/** A face as fonts.css declares it, as FontFace gives it; `load` records that it was asked. */
function face(name: string, family: string, weight: string, unicodeRange: string) {
  return { name, family, weight, unicodeRange, load: vi.fn(() => Promise.resolve()) };
}

// The faces jsdom lacks, in fonts.css's order: the last declared of those holding a character
// is the one the browser draws it with.
const faces = [
  face("text latin", "Kalima Text", "400 700", "U+0-FF, U+131, U+2000-206F"),
  face("text arabic", "Kalima Text", "400 700", "U+20, U+A0, U+600-6FF, U+750-77F"),
  face("text arabic cut", "Kalima Text", "400 700", "U+20, U+A0, U+60C, U+621-63A, U+640-652"),
  face("text punctuation", "Kalima Text", "400 700", "U+21-22, U+25-2F, U+3A-3B, U+3F"),
  face("latin text arabic", "Kalima Text Latin", "400 700", "U+600-6FF, U+750-77F"),
  face("latin text latin", "Kalima Text Latin", "400 700", "U+0-FF, U+131, U+2000-206F"),
  face("switch latin", "Kalima Switch", "500", "U+45, U+67-69, U+6C, U+6E, U+73"),
  face("switch arabic", "Kalima Switch", "500", "U+627-629, U+631, U+639, U+644, U+64A"),
  face("display arabic", "Kalima Display", "700", "U+20, U+A0, U+600-6FF"),
  face("display arabic cut", "Kalima Display", "700", "U+20, U+A0, U+621-63A, U+640-652"),
  face("display latin", "Kalima Display Latin", "700", "U+0-FF, U+131"),
];

function fontsDeclared() {
  for (const declared of faces) declared.load.mockClear();
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: Object.assign([...faces], { ready: Promise.resolve() }),
  });
  onTestFinished(() => void Reflect.deleteProperty(document, "fonts"));
}

const loaded = () => faces.filter((declared) => declared.load.mock.calls.length > 0);

describe("the other language's faces", () => {
  it("load once the page is awake, its first view over and the browser idle, without a press, each once", async () => {
    const { renderWeb, LanguageSwitch } = await freshPage();
    fontsDeclared();
    renderWeb(<LanguageSwitch />, { path: "/contact" });
    // Not in the page's first view: nothing before the page has fetched nothing for a while.
    await new Promise((resolve) => setTimeout(resolve, firstViewQuietMs / 2));
    expect(loaded()).toEqual([]);
    await waitFor(() => expect(loaded()).not.toHaveLength(0), { timeout: 3000 });
    expect(loaded().map((declared) => declared.name)).toEqual([
      "latin text latin",
      "switch arabic",
      "display latin",
    ]);
    // The switch is drawn twice (header and footer): still once each.
    renderWeb(<LanguageSwitch />, { path: "/about" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const declared of loaded()) expect(declared.load).toHaveBeenCalledOnce();
  });

  it("are the cuts the pages draw with, not every file holding their letters", async () => {
    const { renderWeb, LanguageSwitch } = await freshPage();
    fontsDeclared();
    renderWeb(<LanguageSwitch />, { language: "en", path: "/en/contact" });
    await waitFor(() => expect(loaded()).not.toHaveLength(0), { timeout: 3000 });
    expect(loaded().map((declared) => declared.name)).toEqual([
      "text arabic cut",
      "text punctuation",
      "switch latin",
      "display arabic cut",
    ]);
  });
});
