import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { OAuthProviderConfig } from "../config.ts";
import { authError } from "./errors.ts";
import { errorMessage } from "../../shared/error-message.ts";

export interface ProviderEndpoints {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string | undefined;
  jwksUri: string | undefined;
  issuer: string | undefined;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
}

/** What GoTrue keeps of a provider's user: its subject, email, and the claims for metadata. */
export interface ProviderUser {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  identityData: Record<string, unknown>;
}

const discoveryTimeoutMs = 10_000;

async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw authError.providerFailed(`${what} answered ${response.status}`);
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null) return body as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw authError.providerFailed(`${what} did not answer JSON`);
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * The OAuth 2.0 / OpenID Connect providers named in the environment. OpenID Connect endpoints
 * are discovered from the issuer on first use and kept; a failed discovery is tried again later.
 */
export class OAuthProviders {
  private readonly discovered = new Map<string, Promise<ProviderEndpoints>>();
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly configs: OAuthProviderConfig[],
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  get(name: string): OAuthProviderConfig | undefined {
    return this.configs.find((provider) => provider.name === name.toLowerCase());
  }

  endpoints(provider: OAuthProviderConfig): Promise<ProviderEndpoints> {
    if (!provider.issuer) {
      return Promise.resolve({
        authorizationUrl: provider.authorizationUrl ?? "",
        tokenUrl: provider.tokenUrl ?? "",
        userinfoUrl: provider.userinfoUrl,
        jwksUri: undefined,
        issuer: undefined,
      });
    }
    let known = this.discovered.get(provider.name);
    if (!known) {
      known = this.discover(provider, provider.issuer);
      this.discovered.set(provider.name, known);
      known.catch(() => this.discovered.delete(provider.name));
    }
    return known;
  }

  private async discover(
    provider: OAuthProviderConfig,
    issuer: string,
  ): Promise<ProviderEndpoints> {
    const response = await this.fetcher(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(discoveryTimeoutMs),
    });
    const metadata = await readJson(response, "OpenID discovery");
    const authorizationUrl = provider.authorizationUrl ?? text(metadata.authorization_endpoint);
    const tokenUrl = provider.tokenUrl ?? text(metadata.token_endpoint);
    if (!authorizationUrl || !tokenUrl) {
      throw authError.providerFailed("OpenID discovery named no authorization or token endpoint");
    }
    return {
      authorizationUrl,
      tokenUrl,
      userinfoUrl: provider.userinfoUrl ?? text(metadata.userinfo_endpoint),
      jwksUri: text(metadata.jwks_uri),
      issuer: text(metadata.issuer) ?? issuer,
    };
  }

  /** RFC 6749 section 4.1.3, with the PKCE verifier of RFC 7636 and the configured client auth. */
  async exchange(
    provider: OAuthProviderConfig,
    code: string,
    redirectUri: string,
    codeVerifier: string | undefined,
  ): Promise<ProviderTokens> {
    const { tokenUrl } = await this.endpoints(provider);
    const form = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
    });
    if (codeVerifier) form.set("code_verifier", codeVerifier);
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    };
    if (provider.tokenAuthMethod === "client_secret_post") {
      form.set("client_id", provider.clientId);
      form.set("client_secret", provider.secret);
    } else {
      const user = encodeURIComponent(provider.clientId);
      const password = encodeURIComponent(provider.secret);
      headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    }
    const response = await this.fetcher(tokenUrl, {
      method: "POST",
      headers,
      body: form,
      signal: AbortSignal.timeout(discoveryTimeoutMs),
    });
    const body = await readJson(response, "the token endpoint");
    const accessToken = text(body.access_token);
    if (!accessToken) throw authError.providerFailed("the token endpoint gave no access_token");
    return {
      accessToken,
      refreshToken: text(body.refresh_token),
      idToken: text(body.id_token),
    };
  }

  /** The provider's user: a verified ID token's claims, completed by the userinfo endpoint. */
  async user(provider: OAuthProviderConfig, tokens: ProviderTokens): Promise<ProviderUser> {
    const endpoints = await this.endpoints(provider);
    let claims: Record<string, unknown> = {};
    if (tokens.idToken && endpoints.jwksUri) {
      claims = await this.verifyIdToken(provider, endpoints, tokens.idToken);
    }
    if (endpoints.userinfoUrl) {
      const response = await this.fetcher(endpoints.userinfoUrl, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" },
        signal: AbortSignal.timeout(discoveryTimeoutMs),
      });
      const info = await readJson(response, "the userinfo endpoint");
      if (claims.sub !== undefined && info.sub !== undefined && info.sub !== claims.sub) {
        throw authError.providerFailed("the userinfo subject differs from the ID token's");
      }
      claims = { ...claims, ...info };
    }
    const subject =
      text(claims.sub) ??
      (typeof claims.id === "string" || typeof claims.id === "number"
        ? String(claims.id)
        : undefined);
    if (!subject) throw authError.providerFailed("the provider named no subject");
    const email = text(claims.email)?.toLowerCase();
    const emailVerified = claims.email_verified === true || claims.verified_email === true;
    const name = text(claims.name);
    const picture = text(claims.picture) ?? text(claims.avatar_url);
    const identityData = Object.fromEntries(
      Object.entries({
        iss: endpoints.issuer ?? endpoints.authorizationUrl,
        sub: subject,
        name,
        email,
        email_verified: emailVerified,
        phone_verified: false,
        picture,
        full_name: name,
        avatar_url: picture,
        provider_id: subject,
        preferred_username: text(claims.preferred_username),
      }).filter(([, value]) => value !== undefined),
    );
    return { subject, email, emailVerified, identityData };
  }

  private async verifyIdToken(
    provider: OAuthProviderConfig,
    endpoints: ProviderEndpoints,
    idToken: string,
  ): Promise<JWTPayload> {
    const jwksUri = endpoints.jwksUri ?? "";
    let keys = this.keySets.get(jwksUri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUri));
      this.keySets.set(jwksUri, keys);
    }
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: endpoints.issuer,
        audience: provider.clientId,
      });
      return payload;
    } catch (error) {
      throw authError.providerFailed(`the ID token did not verify: ${errorMessage(error)}`);
    }
  }
}
