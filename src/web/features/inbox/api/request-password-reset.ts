import { getSupabase } from "../../../lib/supabase-client.ts";
import { recoveryParameter } from "../model/step.ts";

/**
 * Asks for a password reset's link, back to the inbox at `inboxPath`. Resolves to the failure,
 * or null; the server answers the same whether the address is known or not.
 */
export async function requestPasswordReset(email: string, inboxPath: string): Promise<unknown> {
  try {
    const supabase = await getSupabase();
    const back = new URL(inboxPath, window.location.origin);
    back.searchParams.set(recoveryParameter, "1");
    return (await supabase.auth.resetPasswordForEmail(email, { redirectTo: back.toString() }))
      .error;
  } catch (error) {
    return error;
  }
}
