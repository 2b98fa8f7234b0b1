declare global {
  interface Window {
    /** Set by the page's loader (src/shared/defer-app-script.js) when the browser follows a link away. */
    __kalimaLeaving?: boolean;
  }
}

/**
 * Whether this page is being left for another document: the browser itself is following a link,
 * most often one pressed before the app woke (lib/wake-up.tsx, step 3). The page keeps running
 * until the next one arrives, and what it would still write for the visitor is older than what
 * the next page's server may already have recorded: the language switch's link records the
 * other language as it is answered.
 */
export function isLeavingPage(): boolean {
  return typeof window !== "undefined" && window.__kalimaLeaving === true;
}
