import type { AuthError, Session, SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { mayHaveSession } from "../lib/session-hint.ts";
import { getSupabase } from "../lib/supabase-client.ts";
import { useLanguage } from "../language/use-language.ts";
import { toast } from "../toast/toast-store.ts";
import {
  AuthContext,
  type AuthContextValue,
  type AuthState,
  type SignInInput,
  type SignOutScope,
  type SignUpInput,
} from "./auth-context.ts";

/**
 * The server's words when it said something a visitor can act on ("Invalid login credentials");
 * otherwise (network failures, 5xx, which supabase-js reports as "{}") the fallback. Checked by
 * name, so the provider does not import supabase-js eagerly.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const silent = ["AuthRetryableFetchError", "AuthUnknownError"];
  if (
    error instanceof Error &&
    "__isAuthError" in error &&
    !silent.includes(error.name) &&
    error.message.trim() !== "" &&
    error.message !== "{}"
  ) {
    return error.message;
  }
  return fallback;
}

/**
 * Follows supabase-js's auth events (signed in, signed out, token refreshed, MFA verified) and
 * offers sign-up, sign-in and sign-out. A visitor with no session never downloads supabase-js:
 * the client is loaded when there is a session to read, or when one of the actions is used.
 */
export function AuthProvider({
  children,
  describeFailure,
}: {
  children: ReactNode;
  /** A failure in the page's own words; without it, the server's message is shown. */
  describeFailure?: (error: unknown) => string;
}) {
  const { content } = useLanguage();
  const [state, setState] = useState<AuthState>({ user: null, session: null, loading: true });
  const mounted = useRef(false);
  const following = useRef<Promise<SupabaseClient> | null>(null);
  const stopFollowing = useRef<(() => void) | null>(null);

  const update = useCallback((session: Session | null) => {
    if (mounted.current) setState({ user: session?.user ?? null, session, loading: false });
  }, []);

  /** Loads the client once and subscribes to its events; the first event is INITIAL_SESSION. */
  const follow = useCallback((): Promise<SupabaseClient> => {
    if (!following.current) {
      const started = getSupabase().then((supabase) => {
        const { data } = supabase.auth.onAuthStateChange((_event, session) => update(session));
        if (following.current === started) {
          stopFollowing.current = () => data.subscription.unsubscribe();
        } else {
          data.subscription.unsubscribe();
        }
        return supabase;
      });
      following.current = started;
      started.catch(() => {
        if (following.current === started) following.current = null;
      });
    }
    return following.current;
  }, [update]);

  useEffect(() => {
    mounted.current = true;
    if (mayHaveSession()) follow().catch(() => update(null));
    else update(null);
    return () => {
      mounted.current = false;
      stopFollowing.current?.();
      stopFollowing.current = null;
      following.current = null;
    };
  }, [follow, update]);

  const attempt = useCallback(
    async (
      failedTitle: string,
      action: (supabase: SupabaseClient) => Promise<{ error: AuthError | null }>,
    ): Promise<boolean> => {
      let failure: unknown;
      try {
        failure = (await action(await follow())).error;
      } catch (error) {
        failure = error;
      }
      if (!failure) return true;
      toast({
        title: failedTitle,
        description: describeFailure
          ? describeFailure(failure)
          : failureMessage(failure, content.toasts.somethingWentWrong),
        variant: "destructive",
      });
      return false;
    },
    [follow, content, describeFailure],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signUp: ({ email, password, data }: SignUpInput) =>
        attempt(content.toasts.signUpFailed, (supabase) =>
          supabase.auth.signUp({ email, password, options: data ? { data } : {} }),
        ),
      signIn: ({ email, password }: SignInInput) =>
        attempt(content.toasts.signInFailed, (supabase) =>
          supabase.auth.signInWithPassword({ email, password }),
        ),
      signOut: (scope: SignOutScope = "global") =>
        attempt(content.toasts.signOutFailed, (supabase) => supabase.auth.signOut({ scope })),
    }),
    [state, attempt, content],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
