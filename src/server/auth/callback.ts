import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { Queryable } from "../db/database.ts";
import { errorForLog } from "../log.ts";
import type { AuthEnv } from "./bearer.ts";
import { AuthError, authError } from "./errors.ts";
import { removeFactor } from "./factors.ts";
import {
  callbackUrl,
  claimProviderState,
  deleteFlow,
  findPendingFlow,
  issueAuthCode,
  type PendingFlow,
} from "./flow-state.ts";
import {
  addIdentity,
  addressProven,
  identityOwner,
  refreshIdentityData,
  removeIdentities,
} from "./identities.ts";
import type { ProviderUser } from "./oauth-providers.ts";
import { requestUserAgent } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { endEverySession, startSession } from "./sessions.ts";
import {
  addProvider,
  createProviderUser,
  findFactors,
  findUserByEmail,
  findUserById,
  handToProvider,
  isBanned,
  type UserRow,
} from "./users.ts";
import { isUuid } from "./uuid.ts";

// GoTrue's oauthErrorMap, for errors sent back in the address.
const oauthErrors: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

/** OAuth's own error, passed through from the provider (`error`, `error_description`). */
class ProviderRefusal extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** GoTrue's redirectErrors: the error in the query and again in the fragment, with `sb`. */
function errorRedirect(target: string, failure: unknown): string {
  const address = new URL(target);
  const details = new URLSearchParams();
  if (failure instanceof ProviderRefusal) {
    details.set("error", failure.error);
    details.set("error_description", failure.description);
  } else if (failure instanceof AuthError) {
    const accessDenied = ["signup_disabled", "user_banned", "provider_email_needs_verification"];
    details.set(
      "error",
      accessDenied.includes(failure.code)
        ? "access_denied"
        : (oauthErrors[failure.status] ?? "server_error"),
    );
    details.set("error_code", failure.code);
    details.set("error_description", failure.message);
  } else {
    details.set("error", "server_error");
    details.set("error_code", "unexpected_failure");
    details.set(
      "error_description",
      "Unexpected failure, please check server logs for more information",
    );
  }
  for (const [key, value] of details) address.searchParams.set(key, value);
  const pairs: [string, string][] = [...details, ["sb", ""]];
  const fragment = new URLSearchParams(
    pairs.sort(([first], [second]) => first.localeCompare(second)),
  );
  address.hash = fragment.toString();
  return address.toString();
}

/**
 * GoTrue's RemoveUnconfirmedIdentities, for every account whose address nobody proved: whoever
 * made it may have typed someone else's address (a pre-account takeover), so the provider's
 * verified owner of the address takes the account, and all that the account's maker set up
 * goes: the password, the other identities, factors, sessions (so a refresh token of theirs
 * stops working at once), a pending invitation and user_metadata (the provider's replaces it).
 */
async function reclaimUnprovenAccount(
  tx: Queryable,
  services: AuthServices,
  user: UserRow,
  provider: string,
  person: ProviderUser,
): Promise<void> {
  await removeIdentities(tx, user.id);
  for (const factor of await findFactors(tx, user.id)) await removeFactor(tx, factor.id);
  await endEverySession(tx, user.id);
  await handToProvider(tx, user.id, provider, person.identityData);
  services.log.warn("an account whose address was never proven passed to its provider's owner", {
    provider,
    user_id: user.id,
  });
}

/**
 * The user this provider identity belongs to: known, linked by a verified email to an account
 * whose address was proven, given an unproven account with that address, or new.
 */
async function accountFor(
  tx: Queryable,
  services: AuthServices,
  provider: string,
  person: ProviderUser,
): Promise<UserRow> {
  const known = await identityOwner(tx, provider, person.subject);
  if (known) {
    await refreshIdentityData(tx, provider, person.subject, person.identityData);
    const user = await findUserById(tx, known);
    if (!user) throw authError.unexpected();
    return user;
  }
  if (!person.email) throw authError.providerEmailMissing();

  let user = await findUserByEmail(tx, person.email);
  if (user) {
    // Linking to an existing account is safe only when the provider vouches for the address,
    // and only to an account whose own claim to the address was proven too.
    if (!person.emailVerified) throw authError.emailExists();
    if (await addressProven(tx, user)) {
      await addProvider(tx, user.id, provider);
    } else {
      await reclaimUnprovenAccount(tx, services, user, provider, person);
      user = await findUserById(tx, user.id);
      if (!user) throw authError.unexpected();
    }
  } else {
    if (services.settings.auth.disableSignup) throw authError.signupDisabled();
    if (!person.emailVerified && !services.settings.auth.autoconfirm) {
      throw authError.providerEmailUnverified(provider);
    }
    const userId = randomUUID();
    await createProviderUser(tx, {
      id: userId,
      email: person.email,
      provider,
      identityData: person.identityData,
    });
    user = await findUserById(tx, userId);
    if (!user) throw authError.unexpected();
  }
  await addIdentity(tx, {
    userId: user.id,
    provider,
    subject: person.subject,
    data: person.identityData,
  });
  return user;
}

/**
 * GET /callback?code=…&state=…: where the provider sends the visitor back. The code is exchanged
 * (with this server's PKCE verifier), the provider's user found or created, and the visitor sent
 * to the flow's redirect_to: with the session in the fragment (implicit flow), or with `?code=`
 * when the client started a PKCE flow. Failures go to the same address as error parameters.
 */
export function callback(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const state = c.req.query("state");
    if (!state) throw authError.oauthStateMissing();
    if (!isUuid(state)) throw authError.oauthStateInvalid();
    const flow = await findPendingFlow(services.db, state.toLowerCase());
    if (!flow) throw authError.oauthStateNotFound();
    if (flow.expired) throw authError.oauthStateExpired();

    const target = flow.referrer ?? services.settings.siteUrl;
    try {
      const location = await complete(services, c, flow, target);
      return c.redirect(location, 302);
    } catch (failure) {
      // What went wrong inside is logged, never sent: the redirect carries a public message.
      if (failure instanceof AuthError ? failure.internal : !(failure instanceof ProviderRefusal)) {
        services.log.error("OAuth callback failed", {
          request_id: c.get("requestId"),
          provider: flow.provider_type,
          error: failure instanceof AuthError ? failure.internal : errorForLog(failure),
        });
      }
      await deleteFlow(services.db, flow.id).catch(() => undefined);
      return c.redirect(errorRedirect(target, failure), 302);
    }
  };
}

async function complete(
  services: AuthServices,
  c: Context<AuthEnv>,
  flow: PendingFlow,
  target: string,
): Promise<string> {
  const refusal = c.req.query("error");
  if (refusal) throw new ProviderRefusal(refusal, c.req.query("error_description") ?? "");
  const code = c.req.query("code");
  if (!code) throw authError.oauthCodeMissing();
  const provider = services.providers.get(flow.provider_type);
  if (!provider) throw authError.providerDisabled();
  const tokens = await services.providers.exchange(
    provider,
    code,
    callbackUrl(services.settings.apiExternalUrl),
    flow.code_verifier ?? undefined,
  );
  const person = await services.providers.user(provider, tokens);
  const context = { ip: c.get("clientIp"), userAgent: requestUserAgent(c) };

  return services.db.transaction(async (tx) => {
    const claimed = await claimProviderState(tx, flow.id);
    if (!claimed && flow.code_verifier !== null) throw authError.flowStateAlreadyUsed();
    const user = await accountFor(tx, services, provider.name, person);
    if (isBanned(user)) throw authError.userBanned();
    const address = new URL(target);

    if (flow.code_challenge) {
      const authCode = randomUUID();
      await issueAuthCode(tx, { id: flow.id, userId: user.id, authCode }, tokens);
      address.searchParams.set("code", authCode);
      return address.toString();
    }

    await deleteFlow(tx, flow.id);
    const session = await startSession(tx, services.tokens, user, "oauth", context, provider.name);
    // GoTrue's AsRedirectURL: url.Values.Encode, whose keys come sorted.
    const fragment = new URLSearchParams(
      Object.entries({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        provider_refresh_token: tokens.refreshToken,
        provider_token: tokens.accessToken,
        refresh_token: session.refresh_token,
        sb: "",
        token_type: session.token_type,
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    address.hash = fragment.toString();
    return address.toString();
  });
}
