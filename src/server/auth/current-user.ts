import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import { checkMetadataSize, mergeMetadata } from "./metadata.ts";
import { checkPasswordStrength, hashPassword, verifyPassword } from "./passwords.ts";
import { objectParam, readParams, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { findFactors, findUserById, userJson } from "./users.ts";

/** GET /user: the bearer's user, at the top level of the body. */
export function getUser(services: AuthServices) {
  return async (c: Context<AuthEnv>) => c.json(await userJson(services.db, c.get("user")));
}

/**
 * PUT /user: `data` is merged into user_metadata (a null value removes a key) and `password`
 * replaces the password, signing out every other session. Changing the email or phone needs mail
 * or SMS, which this server does not send.
 */
export function updateUser(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const { auth } = services.settings;
    await services.limiter.enforce("signup", c.get("clientIp"), auth.rateLimits.signup, 300);
    const params = await readParams(c);
    const user = c.get("user");
    const session = c.get("session");
    const email = stringParam(params, "email");
    const phone = stringParam(params, "phone");
    const password = stringParam(params, "password");
    const data = objectParam(params, "data");
    if (params.app_metadata !== undefined && params.app_metadata !== null) {
      throw authError.notAdmin();
    }

    const changesEmail = email !== undefined && email !== "" && email.toLowerCase() !== user.email;
    const changesPhone = phone !== undefined && phone !== "" && phone !== (user.phone ?? "");
    const changesPassword = password !== undefined && password !== "";
    const hasVerifiedFactor = (await findFactors(services.db, user.id)).some(
      (factor) => factor.status === "verified",
    );
    if (
      hasVerifiedFactor &&
      session?.aal !== "aal2" &&
      (changesPassword || changesEmail || changesPhone)
    ) {
      throw authError.updateNeedsAal2();
    }
    if (changesEmail || changesPhone) throw authError.emailChangeUnsupported();

    // Checked again under the row lock below, against what another request may have added.
    if (data) checkMetadataSize("user_metadata", mergeMetadata(user.raw_user_meta_data, data));

    let hash: string | undefined;
    if (changesPassword) {
      checkPasswordStrength(password, auth.passwordMinLength);
      if (await verifyPassword(password, user.encrypted_password)) throw authError.samePassword();
      hash = await hashPassword(password);
    }

    const updated = await services.db.transaction(async (tx) => {
      if (data) {
        const { rows } = await tx.query<{ raw_user_meta_data: Record<string, unknown> | null }>(
          "select raw_user_meta_data from auth.users where id = $1 for update",
          [user.id],
        );
        const metadata = mergeMetadata(rows[0]?.raw_user_meta_data ?? null, data);
        checkMetadataSize("user_metadata", metadata);
        await tx.query(
          "update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1",
          [user.id, JSON.stringify(metadata)],
        );
      }
      if (hash) {
        await tx.query(
          "update auth.users set encrypted_password = $2, updated_at = now() where id = $1",
          [user.id, hash],
        );
        // GoTrue's UpdatePassword: every other session must sign in again.
        await tx.query(
          session
            ? "delete from auth.sessions where user_id = $1 and id <> $2"
            : "delete from auth.sessions where user_id = $1",
          session ? [user.id, session.id] : [user.id],
        );
      }
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw authError.userNotFound();
      return userJson(tx, fresh);
    });
    return c.json(updated);
  };
}
