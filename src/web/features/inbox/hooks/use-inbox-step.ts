import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "../../../auth/use-auth.ts";
import { readAssuranceLevel } from "../api/read-assurance-level.ts";
import { passwordChosenForLink } from "../model/invitation.ts";
import {
  inboxStep,
  recoveryParameter,
  type AssuranceLevel,
  type InboxStep,
} from "../model/step.ts";

const recoveringKey = "kalima-inbox-recovering";

/** Whether this tab arrived by a password reset's link, remembered past the address changing. */
function readRecovering(): boolean {
  try {
    if (new URLSearchParams(window.location.search).has(recoveryParameter)) {
      window.sessionStorage.setItem(recoveringKey, "true");
      return true;
    }
    return window.sessionStorage.getItem(recoveringKey) === "true";
  } catch {
    return new URLSearchParams(window.location.search).has(recoveryParameter);
  }
}

interface KnownLevel {
  token: string;
  level: AssuranceLevel | undefined;
}

/**
 * The step the inbox shows, from the session and its assurance level. While a new token's
 * level is read (after a refresh, say), the last one's step stays, so nothing flickers.
 */
export function useInboxStep(): {
  step: InboxStep;
  recovering: boolean;
  markPasswordChosen: () => void;
} {
  const { session, loading } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const token = session?.access_token;
  const userId = session?.user.id;
  const [known, setKnown] = useState<KnownLevel | undefined>(undefined);
  // Until supabase-js reports the user with the choice in its metadata (USER_UPDATED).
  const [passwordChosenBy, setPasswordChosenBy] = useState<string | null>(null);
  const [recovering, setRecovering] = useState(() =>
    typeof window === "undefined" ? false : readRecovering(),
  );

  if (!token && known) setKnown(undefined);

  useEffect(() => {
    if (!token) return;
    let current = true;
    readAssuranceLevel().then(
      (level) => current && setKnown({ token, level }),
      () => current && setKnown({ token, level: undefined }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const markPasswordChosen = useCallback(() => {
    if (!userId) return;
    setPasswordChosenBy(userId);
    setRecovering(false);
    try {
      window.sessionStorage.removeItem(recoveringKey);
    } catch {
      // Without storage there is no mark to remove.
    }
    // The reset is done: its mark leaves the address (and the empty fragment its link left).
    const query = new URLSearchParams(search);
    if (query.has(recoveryParameter)) {
      query.delete(recoveryParameter);
      const rest = query.toString();
      void navigate(`${pathname}${rest ? `?${rest}` : ""}`, { replace: true });
    }
  }, [userId, pathname, search, navigate]);

  const level = token ? known?.level : undefined;
  const step = inboxStep({
    loading: loading || (token !== undefined && known === undefined),
    level,
    member: session?.user.app_metadata.team === true,
    passwordChosen:
      (userId !== undefined && passwordChosenBy === userId) ||
      passwordChosenForLink(session?.user.user_metadata, level),
    recovering,
  });
  return { step, recovering, markPasswordChosen };
}
