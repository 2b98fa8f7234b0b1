import type { Session, User } from "@supabase/supabase-js";
import { createContext } from "react";

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until the current session has been read. */
  loading: boolean;
}

export interface SignUpInput {
  email: string;
  password: string;
  /** Stored as the user's user_metadata. */
  data?: Record<string, unknown>;
}

export interface SignInInput {
  email: string;
  password: string;
}

/** This device only, or every session of the user. */
export type SignOutScope = "local" | "global";

export interface AuthActions {
  /** Resolves to true when it worked; on failure a toast has said why. */
  signUp: (input: SignUpInput) => Promise<boolean>;
  signIn: (input: SignInInput) => Promise<boolean>;
  signOut: (scope?: SignOutScope) => Promise<boolean>;
}

export type AuthContextValue = AuthState & AuthActions;

export const AuthContext = createContext<AuthContextValue | null>(null);
