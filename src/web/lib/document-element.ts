// In the browser the app owns only <div id="root">: <html> comes prerendered, and its lang and
// dir are set here when the language changes. The head's title, meta tags and links are
// React's own (components/layout/page-meta.tsx).

/** The element the browser hydrates: the app owns everything inside it, and nothing outside. */
export const appRootId = "root";

export function applyDocumentLanguage(language: string, direction: "rtl" | "ltr"): void {
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
}
