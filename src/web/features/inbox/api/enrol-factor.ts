import { getSupabase } from "../../../lib/supabase-client.ts";

export interface NewFactor {
  id: string;
  /** An image address (data: URI) of the QR code. */
  qrCode: string;
  /** The secret, base32, for typing into an app by hand. */
  secret: string;
  /** otpauth://totp/…: opens the authenticator app on the phone that holds it. */
  uri: string;
}

/**
 * supabase-js prefixes the server's SVG with `data:image/svg+xml;utf-8,` as it is; a `#` in it
 * (a colour) would end the address there, so the SVG is percent-encoded.
 */
function imageAddress(qrCode: string): string {
  const prefix = /^data:image\/svg\+xml;utf-8,/u;
  return prefix.test(qrCode)
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.replace(prefix, ""))}`
    : qrCode;
}

/**
 * The name the authenticator app shows for the entry, beside the member's address: the site's,
 * in both its languages. Left out, the auth server (ours, as GoTrue) names it after the host.
 */
export const authenticatorIssuer = "Kalima · كلمة";

/** A new, unverified TOTP factor for the signed-in member. */
export async function enrolFactor(): Promise<NewFactor> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: "totp",
    issuer: authenticatorIssuer,
  });
  if (error) throw error;
  return {
    id: data.id,
    qrCode: imageAddress(data.totp.qr_code),
    secret: data.totp.secret,
    uri: data.totp.uri,
  };
}
