import { getSupabase } from "../../../lib/supabase-client.ts";
import { factorShownKey } from "../model/invitation.ts";

/** Notes on the server which factor the member was shown, for a reload or another device. */
export async function rememberFactorShown(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ data: { [factorShownKey]: factorId } });
  if (error) throw error;
}
