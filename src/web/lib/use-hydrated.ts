import { startTransition, useEffect, useState } from "react";
import { isPageHydrated } from "./hydration-parts.tsx";

/**
 * False while prerendering and while hydrating, true from then on. An attribute only the app
 * keeps true (aria-expanded beside a native disclosure) is written once this says so: the page
 * works without the app, and must not say anything the app is not there to keep true.
 *
 * It turns true in a transition: an urgent update while the page hydrates would make React
 * hydrate everything left at once, in one long task, and hold a visitor's tap behind it. What
 * mounts once the page is whole (a page reached by a link) starts true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(isPageHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
