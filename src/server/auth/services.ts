import type { AuthConfig, MailConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Logger } from "../log.ts";
import type { OAuthProviders } from "./oauth-providers.ts";
import type { AuthRateLimiter } from "./rate-limit.ts";
import type { TokenSettings } from "./sessions.ts";

/** What every /auth/v1 handler is built with. */
export interface AuthServices {
  db: Database;
  /** `mail` undefined: nothing is mailed, invitation links are handed to the caller alone. */
  settings: {
    auth: AuthConfig;
    siteUrl: string;
    apiExternalUrl: string;
    mail: MailConfig | undefined;
  };
  tokens: TokenSettings;
  limiter: AuthRateLimiter;
  providers: OAuthProviders;
  log: Logger;
}
