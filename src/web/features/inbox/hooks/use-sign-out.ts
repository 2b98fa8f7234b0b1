import { useCallback } from "react";
import type { SignOutScope } from "../../../auth/auth-context.ts";
import { useAuth } from "../../../auth/use-auth.ts";
import { dropDraftsOf } from "../model/note-draft.ts";

/**
 * Signing out as the member asks, here or everywhere: their drafts in this browser go with the
 * session. The idle sign-out signs out without it, as keeping a note across that is what a
 * draft is for.
 */
export function useSignOut(): (scope: SignOutScope) => Promise<boolean> {
  const { user, signOut } = useAuth();
  const userId = user?.id;
  return useCallback(
    async (scope) => {
      const signedOut = await signOut(scope);
      if (signedOut && userId) dropDraftsOf(userId);
      return signedOut;
    },
    [signOut, userId],
  );
}
