import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig, auth settings", () => {
  it("defaults to autoconfirm, 8-character passwords, a 10 s reuse interval and GoTrue's limits", () => {
    const config = loadConfig({ SITE_URL: "https://kalima.example/" });
    expect(config.apiExternalUrl).toBe("https://kalima.example");
    expect(config.auth).toEqual({
      autoconfirm: true,
      disableSignup: false,
      passwordMinLength: 8,
      refreshTokenReuseInterval: 10,
      redirectUrls: [],
      rateLimits: { enabled: true, token: 150, signup: 30, mfa: 15, verify: 30 },
      providers: [],
    });
  });

  it("reads an OpenID Connect provider from AUTH_EXTERNAL_<NAME>_*", () => {
    const config = loadConfig({
      AUTH_EXTERNAL_PROVIDERS: "keycloak, my-idp",
      AUTH_EXTERNAL_KEYCLOAK_CLIENT_ID: "kalima",
      AUTH_EXTERNAL_KEYCLOAK_SECRET: "s3cret",
      AUTH_EXTERNAL_KEYCLOAK_ISSUER: "https://id.example/realms/kalima/",
      AUTH_EXTERNAL_MY_IDP_CLIENT_ID: "c",
      AUTH_EXTERNAL_MY_IDP_SECRET: "s",
      AUTH_EXTERNAL_MY_IDP_AUTHORIZATION_URL: "https://idp.example/authorize",
      AUTH_EXTERNAL_MY_IDP_TOKEN_URL: "https://idp.example/token",
      AUTH_EXTERNAL_MY_IDP_USERINFO_URL: "https://idp.example/me",
      AUTH_EXTERNAL_MY_IDP_TOKEN_AUTH_METHOD: "client_secret_post",
    });
    expect(config.auth.providers).toEqual([
      expect.objectContaining({
        name: "keycloak",
        issuer: "https://id.example/realms/kalima",
        scopes: "openid email profile",
        tokenAuthMethod: "client_secret_basic",
      }),
      expect.objectContaining({
        name: "my-idp",
        issuer: undefined,
        userinfoUrl: "https://idp.example/me",
        scopes: "",
        tokenAuthMethod: "client_secret_post",
      }),
    ]);
  });

  const invalid: [string, Record<string, string>, string][] = [
    [
      "a provider without a client id",
      { AUTH_EXTERNAL_PROVIDERS: "x" },
      "AUTH_EXTERNAL_X_CLIENT_ID",
    ],
    [
      "a provider without endpoints",
      { AUTH_EXTERNAL_PROVIDERS: "x", AUTH_EXTERNAL_X_CLIENT_ID: "c", AUTH_EXTERNAL_X_SECRET: "s" },
      "AUTH_EXTERNAL_X_ISSUER",
    ],
    [
      "a provider name in capitals",
      { AUTH_EXTERNAL_PROVIDERS: "Google" },
      "AUTH_EXTERNAL_PROVIDERS",
    ],
    ["a 5-character minimum", { AUTH_PASSWORD_MIN_LENGTH: "5" }, "AUTH_PASSWORD_MIN_LENGTH"],
    ["a rate-limit switch that is not a boolean", { AUTH_RATE_LIMITS: "off" }, "AUTH_RATE_LIMITS"],
    ["mail over another scheme", { SMTP_URL: "http://mail.example.org" }, "SMTP_URL"],
    [
      "SMTP without a sender",
      { SMTP_URL: "smtp://m.example", NOTIFY_TO: "t@k.example" },
      "MAIL_FROM",
    ],
    [
      "a sender that names two addresses",
      {
        SMTP_URL: "smtp://m.example",
        MAIL_FROM: "a@k.example, b@k.example",
        NOTIFY_TO: "t@k.example",
      },
      "MAIL_FROM",
    ],
    [
      "SMTP without the team",
      { SMTP_URL: "smtp://m.example", MAIL_FROM: "a@k.example" },
      "NOTIFY_TO",
    ],
    [
      "a team address that is not one",
      { SMTP_URL: "smtp://m.example", MAIL_FROM: "a@k.example", NOTIFY_TO: "t@k.example,nobody" },
      "nobody",
    ],
    [
      "a team mailbox for answers that names two addresses",
      {
        SMTP_URL: "smtp://m.example",
        MAIL_FROM: "a@k.example",
        NOTIFY_TO: "t@k.example",
        REPLY_TO: "team@k.example, other@k.example",
      },
      "REPLY_TO",
    ],
    [
      "a team mailbox to read without mail to send",
      { IMAP_URL: "imaps://team%40k.example:app-password@imap.k.example/INBOX" },
      "IMAP_URL: needs SMTP_URL",
    ],
    [
      "a team mailbox that is not IMAP",
      {
        SMTP_URL: "smtp://m.example",
        MAIL_FROM: "a@k.example",
        NOTIFY_TO: "t@k.example",
        IMAP_URL: "pop3://team@k.example",
      },
      "IMAP_URL",
    ],
    [
      "a team mailbox without a user",
      {
        SMTP_URL: "smtp://m.example",
        MAIL_FROM: "a@k.example",
        NOTIFY_TO: "t@k.example",
        IMAP_URL: "imaps://imap.k.example",
      },
      "IMAP_URL",
    ],
    ["a team language other than ar and en", { NOTIFY_LANGUAGE: "fr" }, "NOTIFY_LANGUAGE"],
    ["a publish hook that is not a URL", { PUBLISH_HOOK_URL: "netlify" }, "PUBLISH_HOOK_URL"],
    [
      "a publish hook in clear across a network",
      { PUBLISH_HOOK_URL: "http://api.netlify.com/build_hooks/abc" },
      "PUBLISH_HOOK_URL: must be https://",
    ],
    [
      "a publish hook of another scheme",
      { PUBLISH_HOOK_URL: "ftp://127.0.0.1/hook" },
      "PUBLISH_HOOK_URL",
    ],
    ["a metrics token without a metrics port", { METRICS_TOKEN: "t".repeat(16) }, "METRICS_PORT"],
    ["a metrics host without a metrics port", { METRICS_HOST: "127.0.0.2" }, "METRICS_PORT"],
    [
      "metrics on the public port",
      { PORT: "8080", METRICS_PORT: "8080" },
      "METRICS_PORT: must differ from PORT",
    ],
    [
      "metrics open to a network without a token",
      { METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0" },
      "METRICS_TOKEN: is required",
    ],
    [
      "a short metrics token",
      { METRICS_PORT: "9100", METRICS_TOKEN: "short" },
      "METRICS_TOKEN: must be at least 16 characters",
    ],
  ];

  it("serves no metrics without METRICS_PORT; on this machine, or elsewhere with a token, with it", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9100" }).metrics).toEqual({
      port: 9100,
      host: "127.0.0.1",
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: "9100", METRICS_HOST: "::1" }).metrics?.host).toBe("::1");
    const token = "a-token-of-32-characters-0123456";
    expect(
      loadConfig({ METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: token }).metrics,
    ).toEqual({ port: 9100, host: "0.0.0.0", token });
  });

  it("keeps 512 MB of rendered photos under DATA_DIR/image-cache, renders 5 a second per image, 6 first renders per client", () => {
    expect(loadConfig({ DATA_DIR: "/srv/kalima" }).images).toEqual({
      cacheDir: "/srv/kalima/image-cache",
      cacheMaxBytes: 536_870_912,
      renderPerSecond: 5,
      firstRendersPerClient: 6,
      cleanBuckets: ["site-media"],
    });
    expect(
      loadConfig({ STORAGE_CLEAN_BUCKETS: " portfolio, site-media,avatars " }).images.cleanBuckets,
    ).toEqual(["site-media", "portfolio", "avatars"]);
    expect(
      loadConfig({
        IMAGE_CACHE_MAX_BYTES: "1048576",
        RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC: "50",
        IMAGE_FIRST_RENDERS_PER_CLIENT: "4",
      }).images,
    ).toMatchObject({ cacheMaxBytes: 1_048_576, renderPerSecond: 50, firstRendersPerClient: 4 });
    expect(() => loadConfig({ IMAGE_FIRST_RENDERS_PER_CLIENT: "0" })).toThrow(
      /IMAGE_FIRST_RENDERS_PER_CLIENT/u,
    );
    expect(() => loadConfig({ IMAGE_CACHE_MAX_BYTES: "-1" })).toThrow(/IMAGE_CACHE_MAX_BYTES/u);
    expect(() => loadConfig({ RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC: "0" })).toThrow(
      /RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC/u,
    );
  });

  it("reads the links an install named at build, to publish them once", () => {
    expect(loadConfig({}).buildLinks).toEqual({});
    expect(
      loadConfig({
        VITE_LINK_X: " https://x.com/kalima ",
        VITE_LINK_PROGRAM_3: "https://www.youtube.com/playlist?list=PL3",
        VITE_LINK_TIKTOK: "",
        VITE_LINK_MASTODON: "https://mastodon.example/@kalima",
      }).buildLinks,
    ).toEqual({
      VITE_LINK_X: "https://x.com/kalima",
      VITE_LINK_PROGRAM_3: "https://www.youtube.com/playlist?list=PL3",
    });
  });

  it("calls no publish hook without PUBLISH_HOOK_URL; https, or http on this machine, with it", () => {
    expect(loadConfig({}).publishHookUrl).toBeUndefined();
    for (const hook of [
      "https://api.netlify.com/build_hooks/abc",
      "http://127.0.0.1:8080/hook",
      "http://localhost:8080/hook",
      "http://[::1]:8080/hook",
    ]) {
      expect(loadConfig({ PUBLISH_HOOK_URL: hook }).publishHookUrl).toBe(hook);
    }
  });

  it("sends no mail without SMTP_URL, and reads the mail settings with it", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(
      loadConfig({
        SMTP_URL: "smtps://user:pass@mail.example.org:465",
        MAIL_FROM: "Kalima <kalima@example.org>",
        NOTIFY_TO: "team@example.org, layla@example.org",
        NOTIFY_LANGUAGE: "en",
      }).mail,
    ).toEqual({
      smtpUrl: "smtps://user:pass@mail.example.org:465",
      from: "Kalima <kalima@example.org>",
      notifyTo: ["team@example.org", "layla@example.org"],
      notifyLanguage: "en",
      claimSeconds: 120,
    });
    expect(
      loadConfig({
        SMTP_URL: "smtps://user:pass@mail.example.org:465",
        MAIL_FROM: "Kalima <kalima@example.org>",
        NOTIFY_TO: "team@example.org",
        REPLY_TO: "Kalima team <team@example.org>",
      }).mail?.replyTo,
    ).toBe("Kalima team <team@example.org>");
    expect(
      loadConfig({
        SMTP_URL: "smtps://user:pass@mail.example.org:465",
        MAIL_FROM: "Kalima <kalima@example.org>",
        NOTIFY_TO: "team@example.org",
        IMAP_URL: "imaps://team%40example.org:app-password@imap.example.org/INBOX",
      }).mail?.imapUrl,
    ).toBe("imaps://team%40example.org:app-password@imap.example.org/INBOX");
  });
  it.each(invalid)("refuses %s, naming the variable", (_label, env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe("loadConfig, PostgREST's settings", () => {
  it("keeps max-rows at 1000 and reads the authenticator's settings, with no pre-config", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ dbMaxRows: 1000, dbConfig: true, dbPreConfig: undefined });
  });

  it("reads PGRST_DB_MAX_ROWS, PGRST_DB_CONFIG and PGRST_DB_PRE_CONFIG", () => {
    const config = loadConfig({
      PGRST_DB_MAX_ROWS: "250",
      PGRST_DB_CONFIG: "false",
      PGRST_DB_PRE_CONFIG: "postgrest.pre_config",
    });
    expect(config).toMatchObject({
      dbMaxRows: 250,
      dbConfig: false,
      dbPreConfig: "postgrest.pre_config",
    });
  });

  it("refuses a page of no rows and a name that is not a function's", () => {
    expect(() => loadConfig({ PGRST_DB_MAX_ROWS: "0" })).toThrow(
      new ConfigError("Invalid configuration:\n  PGRST_DB_MAX_ROWS: must be at least 1"),
    );
    expect(() => loadConfig({ PGRST_DB_PRE_CONFIG: "a.b.c" })).toThrow(
      /PGRST_DB_PRE_CONFIG: must be a function's name, schema-qualified or not/u,
    );
  });
});
