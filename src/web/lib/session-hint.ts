import { sessionStorageKey } from "./supabase-client.ts";

/**
 * Whether supabase-js would find a session: one stored by an earlier visit, or one arriving in
 * the address (an OAuth callback). Read without loading supabase-js.
 */
export function mayHaveSession(): boolean {
  const address = window.location.hash + window.location.search;
  if (/[#?&](access_token|error_description|code)=/u.test(address)) return true;
  try {
    return window.localStorage.getItem(sessionStorageKey()) !== null;
  } catch {
    return false;
  }
}
