import type { Session } from "@supabase/supabase-js";
import { useEffect, useState, type ReactNode } from "react";
import { getSupabase, sessionStorageKey } from "../../lib/supabase-client.ts";
import { AuthContext, type AuthState } from "./auth-context.ts";

/** Whether supabase-js would find anything: a stored session, or one arriving in the URL. */
function mayHaveSession(): boolean {
  const address = window.location.hash + window.location.search;
  if (/[#?&](access_token|error_description|code)=/u.test(address)) return true;
  try {
    return window.localStorage.getItem(sessionStorageKey()) !== null;
  } catch {
    return false;
  }
}

/** Calls `onChange` with the current session and every change; resolves to an unsubscribe. */
async function followSession(onChange: (session: Session | null) => void): Promise<() => void> {
  if (!mayHaveSession()) {
    onChange(null);
    return () => {};
  }
  const supabase = await getSupabase();
  const { data } = supabase.auth.onAuthStateChange((_event, session) => onChange(session));
  return () => data.subscription.unsubscribe();
}

/**
 * Follows supabase-js's auth events. A visitor with no session never downloads supabase-js:
 * the client is loaded only when there is a session to read.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, session: null, loading: true });

  useEffect(() => {
    let active = true;
    const update = (session: Session | null) => {
      if (active) setState({ user: session?.user ?? null, session, loading: false });
    };
    const unsubscribe = followSession(update).catch(() => {
      update(null);
      return () => {};
    });
    return () => {
      active = false;
      void unsubscribe.then((stop) => stop());
    };
  }, []);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
