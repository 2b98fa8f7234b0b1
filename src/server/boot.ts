import { existsSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { createApp } from "./app.ts";
import { backupRoutes } from "./backup/backup-route.ts";
import type { Config } from "./config.ts";
import { isEmbeddedDatabase, type Database } from "./db/database.ts";
import { migrate, readMigrations } from "./db/migrate.ts";
import { openDatabase } from "./db/open.ts";
import { tightenPermissions } from "./db/private-directory.ts";
import { loadJwtSecret, makeApiKeys, type ApiKeys } from "./keys.ts";
import { errorForLog, type Logger } from "./log.ts";
import { MailboxWatcher } from "./mail/mailbox-watcher.ts";
import { MailWorker } from "./mail/worker.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { countRealtime } from "./metrics/realtime-metrics.ts";
import { createRealtime, type Realtime } from "./realtime/service.ts";
import { restConfigOf } from "./rest/rest-config.ts";
import { loadSchemaCache, reloadOnNotify } from "./rest/schema-cache.ts";
import { callHookOnPublish } from "./site/publish/publish-hook.ts";
import { listenForPublishes } from "./site/publish/publishes.ts";
import { renderOnPublish } from "./site/publish/render-on-publish.ts";
import { loadPageRenderer } from "./site/publish/render-pages.ts";
import { seedBuildLinks } from "./site/publish/seed-build-links.ts";
import { loadSite } from "./site/site.ts";
import { checkStorage } from "./storage/check-storage.ts";
import type { StorageBackend } from "./storage/backend.ts";
import { ImageWork } from "./storage/images/image-work.ts";
import { openStorageBackend } from "./storage/open-backend.ts";

export interface Booted {
  app: ReturnType<typeof createApp>;
  db: Database;
  keys: ApiKeys;
  /** Where /storage/v1 keeps objects' bytes; main.ts closes it after the server stops. */
  storage: StorageBackend;
  /** Delivers the outbox; undefined when SMTP_URL is unset. main.ts starts and stops it. */
  mailWorker: MailWorker | undefined;
  /** Reads the team's mailbox for answers; undefined when IMAP_URL is unset. Started by main.ts. */
  mailboxWatcher: MailboxWatcher | undefined;
  /** What the metrics listener reports; undefined when METRICS_PORT is unset. */
  metrics: Metrics | undefined;
  /** GET /backup/v1 for the admin listener, on the embedded database only. */
  backups: Hono | undefined;
  /** Stops reloading the schema cache on NOTIFY pgrst; main.ts calls it before closing the database. */
  stopSchemaReloads: () => Promise<void>;
  /** Stops rendering the pages again on NOTIFY site_content; called before closing the database. */
  stopPageRenders: () => Promise<void>;
  /** /realtime/v1: main.ts hands it the server's upgrades, and closes it before the database. */
  realtime: Realtime;
  /** Stops calling the publish hook (PUBLISH_HOOK_URL); called before closing the database. */
  stopPublishHook: () => Promise<void>;
}

/**
 * Under the C locale PostgreSQL classes no Arabic letter as a word character: pg_trgm makes no
 * trigrams of Arabic, and the inbox's Arabic searches read the whole table.
 */
async function warnOfCharacterClasses(db: Database, log: Logger): Promise<void> {
  if (db.kind !== "postgres") return;
  const { rows } = await db.query<{ ctype: string }>("select current_setting('lc_ctype') as ctype");
  const ctype = rows[0]?.ctype ?? "";
  if (/^(C|POSIX)$/iu.test(ctype)) {
    log.warn(
      "the database's LC_CTYPE is C: Arabic searches cannot use their index; create the database with a UTF-8 locale such as C.UTF-8",
      { lcCtype: ctype },
    );
  }
}

/** Everything between reading the configuration and listening: database, migrations, keys, site. */
export async function boot(config: Config, log: Logger): Promise<Booted> {
  const tightened = await tightenPermissions(config.dataDir);
  if (tightened > 0) {
    log.warn(`tightened permissions of ${tightened} entries in DATA_DIR`, {
      dataDir: config.dataDir,
    });
  }
  const db = await openDatabase(config, log);
  try {
    const applied = await migrate(db, await readMigrations(config.migrationsDir));
    if (applied.length > 0) log.info("migrations applied", { migrations: applied.join(", ") });
    await warnOfCharacterClasses(db, log);
    await checkStorage(config, log);
    // Before the pages are rendered at start, so that they show the links at once.
    await seedBuildLinks(db, config.buildLinks, log).catch((error: unknown) =>
      log.error("the VITE_LINK_* links were not published", { error: errorForLog(error) }),
    );
    // PGlite creates its files 0666 whatever the umask; the folders (0700) keep them private.
    await tightenPermissions(config.dataDir);
    const jwtSecret = await loadJwtSecret(config);
    const keys = await makeApiKeys(jwtSecret);
    const hasSite = existsSync(path.join(config.siteDir, "index.html"));
    if (!hasSite) log.warn("no built site: serving the API only", { siteDir: config.siteDir });
    if (hasSite && config.siteUrlIsDefault) {
      log.warn(
        "SITE_URL is not set: canonical addresses, the sitemap and shared links name this machine; set it to the public origin",
        { siteUrl: config.siteUrl },
      );
    }
    const site = hasSite
      ? await loadSite(config.siteDir, {
          anonKey: keys.anon,
          siteUrl: config.siteUrlIsDefault ? undefined : config.siteUrl,
          connectSources: config.browserSupabaseUrl
            ? [new URL(config.browserSupabaseUrl).origin]
            : [],
        })
      : undefined;
    // Read after the migrations, as PostgREST reads its in-database settings before its schema
    // cache: db-schemas may name the schemas the cache reads.
    const restConfig = restConfigOf(config);
    await restConfig.reload(db, log);
    // Loaded after the migrations, so the tables they add are served at once.
    const schema = await loadSchemaCache(db, restConfig.current.schemas);
    const stopSchemaReloads = await reloadOnNotify(db, schema, log, restConfig);
    const renderer = site ? await loadPageRenderer(config.siteDir) : undefined;
    if (site && !renderer) {
      log.warn("the build kept no render bundle: published content shows after the next build", {
        siteDir: config.siteDir,
      });
    }
    const publishes = listenForPublishes(db);
    // Whether or not this server serves pages: a static host builds its own. Told of a publish
    // before the render, whose work on this thread would otherwise hold up the call.
    const stopPublishHook = config.publishHookUrl
      ? await callHookOnPublish(db, config.publishHookUrl, log, publishes)
      : async () => {};
    const stopPageRenders =
      site && renderer ? await renderOnPublish(db, site, renderer, log, publishes) : async () => {};
    const metrics = config.metrics ? createMetrics(db) : undefined;
    const storage = openStorageBackend(config.storage);
    const images = new ImageWork(config.images, log);
    const realtime = await createRealtime({
      db,
      jwtSecret,
      limits: config.realtime,
      log,
      trustProxyHeader: config.trustProxyHeader,
    });
    if (metrics) countRealtime(metrics.registry, realtime.hub);
    const app = createApp({
      config,
      db,
      schema,
      restConfig,
      jwtSecret,
      site,
      log,
      metrics,
      storage,
      images,
      realtime,
    });
    const backups = isEmbeddedDatabase(db)
      ? backupRoutes(db, new TextEncoder().encode(jwtSecret), log, {
          config: config.storage,
          backend: storage,
        })
      : undefined;
    const mailWorker = config.mail
      ? new MailWorker({ db, mail: config.mail, siteUrl: config.siteUrl, log })
      : undefined;
    if (!mailWorker)
      log.info("mail is off: SMTP_URL is not set, the outbox keeps what it is given");
    const mailboxWatcher = config.mail?.imapUrl
      ? new MailboxWatcher({ db, imapUrl: config.mail.imapUrl, log })
      : undefined;
    return {
      app,
      db,
      keys,
      storage,
      mailWorker,
      mailboxWatcher,
      metrics,
      backups,
      realtime,
      stopSchemaReloads,
      stopPageRenders,
      stopPublishHook,
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
