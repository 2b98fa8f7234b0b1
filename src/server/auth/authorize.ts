import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import { callbackUrl } from "./flow-state.ts";
import { allowedRedirect } from "./redirect-urls.ts";
import type { AuthServices } from "./services.ts";

// Parameters this server sets on the provider's address itself, or reads for its own use: a
// caller cannot override them by adding them to /authorize (GoTrue's reservedOAuthParams).
const reservedParameters = new Set([
  "provider",
  "scopes",
  "redirect_to",
  "apikey",
  "skip_http_redirect",
  "client_id",
  "client_secret",
  "redirect_uri",
  "response_type",
  "response_mode",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "code_verifier",
  "grant_type",
  "invite_token",
]);

/** GoTrue's validatePKCEParams: both or neither; the method is s256 or plain. */
function pkceMethod(challenge: string, method: string): "s256" | "plain" | null {
  if (challenge === "" && method === "") return null;
  if (challenge === "" || method === "") throw authError.pkceParamsIncomplete();
  const normalised = method.toLowerCase();
  if (normalised !== "s256" && normalised !== "plain") throw authError.invalidCodeChallengeMethod();
  return normalised;
}

/**
 * GET /authorize?provider=…&redirect_to=…&scopes=…: a browser navigation (no apikey). Records
 * the round trip as a flow state and sends the visitor to the provider with its id as `state`,
 * asking for a PKCE-protected authorization code.
 */
export function authorize(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const query = new URL(c.req.url).searchParams;
    const provider = services.providers.get(query.get("provider") ?? "");
    if (!provider) throw authError.providerDisabled();
    const referrer = allowedRedirect(
      query.get("redirect_to") ?? undefined,
      services.settings.siteUrl,
      services.settings.auth.redirectUrls,
    );
    const method = pkceMethod(
      query.get("code_challenge") ?? "",
      query.get("code_challenge_method") ?? "",
    );
    const endpoints = await services.providers.endpoints(provider);

    const verifier = randomBytes(32).toString("base64url");
    const clientStateId = randomUUID();
    const flowId = randomUUID();
    await services.db.transaction(async (tx) => {
      // Round trips never completed are dropped after a day, with their provider verifiers.
      await tx.query(
        "delete from auth.flow_state where created_at < now() - interval '1 day' and auth_code is null",
      );
      await tx.query(
        "delete from auth.oauth_client_states where created_at < now() - interval '1 day'",
      );
      await tx.query(
        `insert into auth.oauth_client_states (id, provider_type, code_verifier, created_at)
         values ($1, $2, $3, now())`,
        [clientStateId, provider.name, verifier],
      );
      await tx.query(
        `insert into auth.flow_state (id, code_challenge_method, code_challenge, provider_type,
           created_at, updated_at, authentication_method, referrer, oauth_client_state_id)
         values ($1, $2, $3, $4, now(), now(), 'oauth', $5, $6)`,
        [
          flowId,
          method,
          method ? query.get("code_challenge") : null,
          provider.name,
          referrer,
          clientStateId,
        ],
      );
    });

    const target = new URL(endpoints.authorizationUrl);
    const scopes = new Set(
      `${provider.scopes} ${query.get("scopes") ?? ""}`.split(/[\s,]+/u).filter(Boolean),
    );
    target.searchParams.set("client_id", provider.clientId);
    target.searchParams.set("redirect_uri", callbackUrl(services.settings.apiExternalUrl));
    target.searchParams.set("response_type", "code");
    if (scopes.size > 0) target.searchParams.set("scope", [...scopes].join(" "));
    target.searchParams.set("state", flowId);
    target.searchParams.set(
      "code_challenge",
      createHash("sha256").update(verifier).digest("base64url"),
    );
    target.searchParams.set("code_challenge_method", "S256");
    for (const [key, value] of query) {
      if (!reservedParameters.has(key.toLowerCase())) target.searchParams.set(key, value);
    }
    return c.redirect(target.toString(), 302);
  };
}
