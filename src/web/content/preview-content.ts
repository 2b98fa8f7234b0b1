import { useSyncExternalStore } from "react";
import { previewParameter } from "../../shared/preview-parameter.js";
import type { SiteContent } from "../../shared/site-content.ts";
import type { PageContent } from "./page-content.ts";

/**
 * The site editor's preview: the editor puts the member's drafts in this tab's session storage
 * under this key, and frames a public page at its address with `?preview`. Only our own origin
 * can write there, or frame a page (frame-ancestors 'self').
 */
export const previewStorageKey = "kalima-site-preview";

let read: { stored: string | null; content: SiteContent | undefined } = {
  stored: null,
  content: undefined,
};

/** The drafts to preview, parsed once for each text stored; none outside a preview. */
function previewed(): SiteContent | undefined {
  if (!new URLSearchParams(window.location.search).has(previewParameter)) return undefined;
  const stored = window.sessionStorage.getItem(previewStorageKey);
  if (stored !== read.stored) {
    read = { stored, content: stored ? (JSON.parse(stored) as SiteContent) : undefined };
  }
  return read.content;
}

/**
 * The editor stores the drafts again as the member types; a framed page shares the tab's session
 * storage, so it hears each change and redraws without reloading.
 */
function whenStored(onChange: () => void) {
  const heard = (event: StorageEvent) => {
    if (event.key === previewStorageKey) onChange();
  };
  window.addEventListener("storage", heard);
  return () => window.removeEventListener("storage", heard);
}
const none = () => undefined;

/**
 * The content to show: what the page was rendered with, or, in the editor's preview, the drafts.
 * Hydration reads the server's answer (none), so the prerendered HTML and the first render agree;
 * the drafts come in the render after.
 */
export function usePreviewedContent(site: PageContent | undefined): PageContent | undefined {
  return useSyncExternalStore(whenStored, previewed, none) ?? site;
}
