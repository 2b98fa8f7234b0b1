import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialSiteContent } from "./initial-site-content.ts";
import { previewStorageKey, usePreviewedContent } from "./preview-content.ts";

/** The editor stores the drafts again, as it does after a pause in typing. */
function store(quote: string) {
  const content = initialSiteContent();
  content.stories[0]!.quote.en = quote;
  window.sessionStorage.setItem(previewStorageKey, JSON.stringify(content));
  // The framed page hears the editor's write as a storage event (the writer itself does not).
  window.dispatchEvent(new StorageEvent("storage", { key: previewStorageKey }));
}

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("usePreviewedContent", () => {
  it("redraws a previewed page from the drafts as the editor stores them", () => {
    window.history.replaceState(null, "", "/en/community?preview");
    store("First words");
    const { result } = renderHook(() => usePreviewedContent(undefined));
    expect(result.current?.stories?.[0]?.quote.en).toBe("First words");
    act(() => store("Words typed since"));
    expect(result.current?.stories?.[0]?.quote.en).toBe("Words typed since");
  });

  it("shows what the page was rendered with outside a preview", () => {
    store("A draft");
    const site = initialSiteContent();
    const { result } = renderHook(() => usePreviewedContent(site));
    expect(result.current).toBe(site);
  });
});
