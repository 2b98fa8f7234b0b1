import { randomBytes, randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { banUntil, metadataParam } from "./admin-params.ts";
import { validateEmail } from "./email.ts";
import { authError } from "./errors.ts";
import { checkMetadataSize, mergeMetadata } from "./metadata.ts";
import { checkPasswordStrength, hashPassword } from "./passwords.ts";
import { booleanParam, readParams, stringParam, type JsonObject } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { findUserByEmail, findUserById, userJson } from "./users.ts";

const emailProviderMetadata = { provider: "email", providers: ["email"] };

/** GoTrue's other AdminUserParams, refused rather than ignored: this server keeps none of them. */
function refuseUnsupportedFields(params: JsonObject): void {
  for (const name of ["id", "password_hash"]) {
    if (stringParam(params, name)) throw authError.adminFieldUnsupported(name);
  }
  for (const name of ["role", "aud"]) {
    const value = stringParam(params, name);
    if (value && value !== "authenticated") throw authError.adminFieldUnsupported(name);
  }
  if (booleanParam(params, "phone_confirm")) throw authError.adminFieldUnsupported("phone_confirm");
}

/**
 * POST /admin/users: auth.admin.createUser, GoTrue's adminUserCreate for email users. Checks
 * come in GoTrue's order, all before the hash, so a refused request stores nothing. Unlike
 * GoTrue, a password given is held to the same rule as everywhere else here; none given is a
 * random one, as GoTrue makes it.
 */
export function createUser(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const params = await readParams(c);
    const email = stringParam(params, "email");
    const phone = stringParam(params, "phone");
    if (!email && !phone) throw authError.userWithoutAddress();
    if (!email) throw authError.phoneSignupDisabled();
    const address = validateEmail(email);
    if (await findUserByEmail(services.db, address)) throw authError.emailExists();
    if (phone) throw authError.phoneSignupDisabled();
    refuseUnsupportedFields(params);
    const password = stringParam(params, "password");
    if (password) checkPasswordStrength(password, services.settings.auth.passwordMinLength);
    const emailConfirm = booleanParam(params, "email_confirm");
    const userMetadata = metadataParam(params, "user_metadata") ?? {};
    const appMetadata = metadataParam(params, "app_metadata") ?? {};
    const banDuration = stringParam(params, "ban_duration");
    const bannedUntil = banDuration ? banUntil(banDuration) : null;
    const storedUserMetadata = emailConfirm
      ? { ...userMetadata, email_verified: true }
      : userMetadata;
    const storedAppMetadata = mergeMetadata(emailProviderMetadata, appMetadata);
    checkMetadataSize("user_metadata", storedUserMetadata);
    checkMetadataSize("app_metadata", storedAppMetadata);

    const hash = await hashPassword(password || randomBytes(48).toString("base64url"));
    const id = randomUUID();
    const user = await services.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
           email_confirmed_at, raw_app_meta_data, raw_user_meta_data, banned_until,
           created_at, updated_at, is_sso_user, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
           case when $4::boolean then now() end, $5::jsonb, $6::jsonb, $7, now(), now(), false, false)
         on conflict do nothing
         returning id`,
        [
          id,
          address,
          hash,
          emailConfirm,
          JSON.stringify(storedAppMetadata),
          JSON.stringify(storedUserMetadata),
          bannedUntil,
        ],
      );
      // Another request took the address between the check and the insert.
      if (inserted.rows.length === 0) throw authError.emailExists();
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
        [
          id,
          id,
          JSON.stringify({ sub: id, email: address, email_verified: false, phone_verified: false }),
        ],
      );
      return findUserById(tx, id);
    });
    if (!user) throw new Error("the created user could not be read back");
    return c.json(await userJson(services.db, user));
  };
}
