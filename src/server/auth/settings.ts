import type { Context } from "hono";
import type { AuthServices } from "./services.ts";

// GoTrue's list of built-in providers; ours are enabled when configured by environment.
const knownProviders = [
  "anonymous_users",
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "snapchat",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "kakao",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "spotify",
  "slack",
  "slack_oidc",
  "workos",
  "twitch",
  "twitter",
  "email",
  "phone",
  "zoom",
];

/** GET /settings: what this server offers, in GoTrue's shape (auth-js never calls it). */
export function settings(services: AuthServices) {
  return (c: Context) => {
    const { auth } = services.settings;
    const configured = new Set(auth.providers.map((provider) => provider.name));
    const external: Record<string, boolean> = {};
    for (const name of knownProviders) external[name] = configured.has(name);
    for (const name of configured) external[name] = true;
    external.email = true;
    return c.json({
      external,
      disable_signup: auth.disableSignup,
      mailer_autoconfirm: auth.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    });
  };
}
