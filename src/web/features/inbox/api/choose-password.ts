import { getSupabase } from "../../../lib/supabase-client.ts";
import { linkSignInAt, passwordForLinkKey } from "../model/invitation.ts";

/**
 * Sets the signed-in member's password and, in the same request, marks it chosen under this
 * session's link, so a reload or another device goes on to the authenticator app. A password
 * GoTrue calls the same as the current one (`same_password`) was chosen before an interruption:
 * with `sameIsChosen` only the mark is written. Resolves to the failure, or null.
 */
export async function choosePassword(
  password: string,
  { sameIsChosen = false }: { sameIsChosen?: boolean } = {},
): Promise<unknown> {
  try {
    const supabase = await getSupabase();
    const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    const at = linkSignInAt(data ?? undefined);
    const mark = at === undefined ? undefined : { [passwordForLinkKey]: at };
    const { error } = await supabase.auth.updateUser({ password, data: mark });
    if (error?.code !== "same_password" || !sameIsChosen) return error;
    return mark ? (await supabase.auth.updateUser({ data: mark })).error : null;
  } catch (error) {
    return error;
  }
}
