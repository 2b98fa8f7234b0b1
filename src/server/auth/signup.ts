import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { validateEmail } from "./email.ts";
import { authError } from "./errors.ts";
import { checkMetadataSize } from "./metadata.ts";
import { checkPasswordStrength, hashPassword, passwordPool } from "./passwords.ts";
import { objectParam, readParams, requestUserAgent, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { startSession } from "./sessions.ts";
import { findUserByEmail, findUserById, userJson } from "./users.ts";

const emailProviderMetadata = { provider: "email", providers: ["email"] };

/**
 * What GoTrue answers a repeated sign-up when it cannot say "already registered" (autoconfirm
 * off): a user that looks new and exists nowhere, so the answer does not tell who has an account.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: emailProviderMetadata,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** POST /signup: a user with an email identity; a session too when autoconfirm is on. */
export function signup(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const { auth } = services.settings;
    await services.limiter.enforce("signup", c.get("clientIp"), auth.rateLimits.signup, 300);
    if (auth.disableSignup) throw authError.signupDisabled();

    const params = await readParams(c);
    const email = stringParam(params, "email");
    const phone = stringParam(params, "phone");
    const password = stringParam(params, "password") ?? "";
    const data = objectParam(params, "data") ?? {};
    if (email && phone) {
      throw authError.validation(
        "Only an email address or phone number should be provided on signup.",
      );
    }
    // Neither address nor number is GoTrue's anonymous sign-in, which this server does not offer.
    if (!email && !phone) throw authError.anonymousDisabled();
    if (password === "") throw authError.validation("Signup requires a valid password");
    checkPasswordStrength(password, auth.passwordMinLength);
    if (!email && phone) throw authError.phoneSignupDisabled();
    if (!email) throw authError.validation("Sign up only available with email provider");
    const address = validateEmail(email);
    checkMetadataSize("user_metadata", auth.autoconfirm ? { ...data, email_verified: true } : data);

    passwordPool.ensureRoom();
    const existing = await findUserByEmail(services.db, address);
    if (existing) {
      if (auth.autoconfirm) throw authError.userAlreadyExists();
      return c.json(obfuscatedUser(address, data));
    }

    const hash = await hashPassword(password);
    const userId = randomUUID();
    const context = { ip: c.get("clientIp"), userAgent: requestUserAgent(c) };
    const body = await services.db.transaction(async (tx) => {
      const metadata = auth.autoconfirm ? { ...data, email_verified: true } : data;
      const inserted = await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
           email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
           phone, is_sso_user, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
           case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now(),
           null, false, false)
         on conflict do nothing
         returning id`,
        [
          userId,
          address,
          hash,
          auth.autoconfirm,
          JSON.stringify(emailProviderMetadata),
          JSON.stringify(metadata),
        ],
      );
      if (inserted.rows.length === 0) return undefined;
      const identityData = {
        ...data,
        sub: userId,
        email: address,
        email_verified: false,
        phone_verified: false,
      };
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
        [userId, userId, JSON.stringify(identityData)],
      );
      const user = await findUserById(tx, userId);
      if (!user) throw new Error("the new user could not be read back");
      if (!auth.autoconfirm) return userJson(tx, user);
      return startSession(tx, services.tokens, user, "password", context);
    });
    // Another request registered the same address between the check and the insert.
    if (body === undefined) {
      if (auth.autoconfirm) throw authError.userAlreadyExists();
      return c.json(obfuscatedUser(address, data));
    }
    return c.json(body);
  };
}
