import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import QRCode from "qrcode";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import { currentSession } from "./factors.ts";
import { readParams, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { newTotpSecret, otpauthUri } from "./totp.ts";
import { unverifiedFactorLifetimeSeconds, type FactorRow } from "./users.ts";

// GoTrue's MFA_MAX_ENROLLED_FACTORS and MFA_MAX_VERIFIED_FACTORS defaults.
const maxFactors = 10;

/**
 * POST /factors: a new, unverified TOTP factor. The answer carries the secret, the otpauth URI
 * and a QR code as raw SVG (supabase-js prefixes the data-URI header itself); the secret is
 * never logged, and is shown only here.
 */
export function enrollFactor(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const user = c.get("user");
    const session = currentSession(c);
    const params = await readParams(c);
    const factorType = stringParam(params, "factor_type");
    if (factorType === "phone") throw authError.phoneMfaDisabled();
    if (factorType === "webauthn") throw authError.webauthnMfaDisabled();
    if (factorType !== "totp") throw authError.factorType();
    const friendlyName = stringParam(params, "friendly_name") ?? "";
    const issuer = stringParam(params, "issuer") || new URL(services.settings.siteUrl).host;

    const secret = newTotpSecret();
    const uri = otpauthUri(issuer, user.email ?? "", secret);
    const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H" });
    const factorId = randomUUID();

    await services.db.transaction(async (tx) => {
      await tx.query(
        `delete from auth.mfa_factors
          where user_id = $1 and status = 'unverified'
            and created_at <= now() - make_interval(secs => $2)`,
        [user.id, unverifiedFactorLifetimeSeconds],
      );
      const { rows: factors } = await tx.query<Pick<FactorRow, "friendly_name" | "status">>(
        "select friendly_name, status from auth.mfa_factors where user_id = $1 for update",
        [user.id],
      );
      if (friendlyName !== "" && factors.some((factor) => factor.friendly_name === friendlyName)) {
        throw authError.factorNameConflict(friendlyName);
      }
      const verified = factors.filter((factor) => factor.status === "verified").length;
      if (factors.length >= maxFactors || verified >= maxFactors) throw authError.tooManyFactors();
      if (verified > 0 && session.aal !== "aal2") throw authError.enrollNeedsAal2();
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [factorId, user.id, friendlyName, secret],
      );
    });

    return c.json({
      id: factorId,
      type: "totp",
      friendly_name: friendlyName,
      totp: { qr_code: qrCode, secret, uri },
    });
  };
}
