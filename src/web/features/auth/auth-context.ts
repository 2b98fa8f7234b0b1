import type { Session, User } from "@supabase/supabase-js";
import { createContext } from "react";

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until the current session has been read. */
  loading: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);
