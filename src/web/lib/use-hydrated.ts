import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while prerendering and while hydrating, true from then on. An attribute only the app
 * keeps true (aria-expanded beside a native disclosure) is written once this says so: the page
 * works without the app, and must not say anything the app is not there to keep true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
