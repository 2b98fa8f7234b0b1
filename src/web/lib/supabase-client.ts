import type { SupabaseClient } from "@supabase/supabase-js";
import { anonKeyMetaName } from "../../shared/anon-key-meta.ts";

/** Built with VITE_SUPABASE_URL: that project. Otherwise: the server this page came from. */
export function backendUrl(): string {
  return import.meta.env.VITE_SUPABASE_URL || window.location.origin;
}

/** Built with VITE_SUPABASE_ANON_KEY: that key. Otherwise: the key our server wrote into the page. */
export function anonKey(): string | undefined {
  return (
    import.meta.env.VITE_SUPABASE_ANON_KEY ||
    document.querySelector<HTMLMetaElement>(`meta[name="${anonKeyMetaName}"]`)?.content ||
    undefined
  );
}

/**
 * supabase-js's own storage key for the session: sb-<first label of the host>-auth-token; of
 * this page's project unless another address is given (the browser tests write a session).
 */
export function sessionStorageKey(url: string = backendUrl()): string {
  return `sb-${new URL(url).hostname.split(".")[0]}-auth-token`;
}

let client: Promise<SupabaseClient> | undefined;

/**
 * The one client, loaded on first use so pages without a form never download supabase-js.
 * supabase-js keeps its defaults: persisted session, automatic refresh, session from the URL.
 * (A shorter realtime heartbeat would tell the inbox of a silently dead connection sooner, but
 * its option costs every public page's first view bytes it cannot spare; the browser's own
 * offline event tells it at once.)
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import("@supabase/supabase-js").then(({ createClient }) => {
    const key = anonKey();
    if (!key) {
      throw new Error(
        "No Supabase anon key: build with VITE_SUPABASE_ANON_KEY or serve the site from its server.",
      );
    }
    return createClient(backendUrl(), key);
  });
  client.catch(() => {
    client = undefined;
  });
  return client;
}
