// A real OpenID Connect provider (the oidc-provider package) on a loopback port, for testing the
// OAuth flow end to end. Its login screen is replaced by one that signs in the next test account
// at once, and first-party consent is implied, as a real provider's would be after one click.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import type { OAuthProviderConfig } from "../../src/server/config.ts";

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The provider settings our server reads from AUTH_EXTERNAL_<NAME>_*. */
  config(name: string): OAuthProviderConfig;
  /** The account the next sign-in at the provider logs in as. */
  signInAs(account: TestAccount): void;
  close(): Promise<void>;
}

const clientId = "kalima-test-client";
const clientSecret = "kalima-test-client-secret-of-some-length";

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  const ready: { provider?: Provider } = {};

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const current = ready.provider;
    if (!current) throw new Error("the provider is not ready");
    if (request.url?.startsWith("/interaction/")) {
      void (async () => {
        const account = next;
        if (!account) throw new Error("no test account: call signInAs() first");
        accounts.set(account.sub, account);
        await current.interactionFinished(
          request,
          response,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    // Koa answers a failure itself (ctx.onerror): the promise its handler returns never rejects.
    void current.callback()(request, response);
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  ready.provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["oidc-test-cookie-key"] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_context, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    async loadExistingGrant(context: KoaContextWithOIDC) {
      const { client, session } = context.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new context.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });

  return {
    issuer,
    config: (name) => ({
      name,
      clientId,
      secret: clientSecret,
      issuer,
      authorizationUrl: undefined,
      tokenUrl: undefined,
      userinfoUrl: undefined,
      scopes: "openid email profile",
      tokenAuthMethod: "client_secret_basic",
    }),
    signInAs: (account) => {
      next = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a browser does between our /authorize and our /callback: follows the provider's
 * redirects, keeping its cookies, until the provider sends the visitor back to `until`.
 */
export async function browseProvider(start: string, until: string): Promise<string> {
  const cookies = new Map<string, string>();
  let address = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (address.startsWith(until)) return address;
    const response = await fetch(address, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get("location");
    if (!location) {
      throw new Error(
        `the provider stopped at ${address}: ${response.status} ${await response.text()}`,
      );
    }
    address = new URL(location, address).toString();
  }
  throw new Error("too many redirects at the provider");
}
