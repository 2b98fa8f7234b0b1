import { useCallback } from "react";
import type { SignOutScope } from "../../../auth/auth-context.ts";
import { useAuth } from "../../../auth/use-auth.ts";
import { takeDraftsOf } from "../model/note-draft.ts";

/**
 * Signing out as the member asks, here or everywhere: their drafts in this browser go with the
 * session, taken before supabase-js announces the sign-out (the page then shows the sign-in
 * screen at once) and put back if signing out fails. The idle sign-out signs out without it, as
 * keeping a note across that is what a draft is for.
 */
export function useSignOut(): (scope: SignOutScope) => Promise<boolean> {
  const { user, signOut } = useAuth();
  const userId = user?.id;
  return useCallback(
    async (scope) => {
      const drafts = userId ? takeDraftsOf(userId) : undefined;
      const signedOut = await signOut(scope);
      if (!signedOut) drafts?.putBack();
      return signedOut;
    },
    [signOut, userId],
  );
}
