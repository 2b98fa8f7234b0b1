import { setTimeout as sleep } from "node:timers/promises";
import { errorMessage } from "../../../shared/error-message.ts";
import type { Database } from "../../db/database.ts";
import { errorForLog, type Logger } from "../../log.ts";
import type { Publishes } from "./publishes.ts";

export interface PublishHookOptions {
  /** How long one call may take. */
  timeoutMs?: number;
  /** The waits before each retry of a failed call: its length is how many retries. */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
}

const defaults = {
  timeoutMs: 10_000,
  retryDelaysMs: [2_000, 10_000, 30_000],
} satisfies PublishHookOptions;

/**
 * Claims a published version for this instance's call: the instance whose update marks it
 * first calls the hook, so N instances hearing one publish make one call. An empty payload (a
 * LISTEN connection broken and restored) claims the newest version, if no instance has.
 */
async function claim(db: Database, payload: string): Promise<number | undefined> {
  const id = /^\d+$/u.test(payload) ? payload : null;
  const { rows } = await db.query<{ id: number | string }>(
    `update public.site_content_versions
        set hook_called_at = now()
      where id = coalesce($1::bigint, (select max(newest.id) from public.site_content_versions newest))
        and hook_called_at is null
      returning id`,
    [id],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** What a failed call says: fetch's own "fetch failed" with its cause, a status, a timeout. */
function failure(error: unknown): string {
  const cause = error instanceof Error && error.cause ? ` (${errorMessage(error.cause)})` : "";
  return `${errorMessage(error)}${cause}`;
}

/**
 * POSTs to the publish hook (PUBLISH_HOOK_URL) after each publish, `{"version": <id>}`: a static
 * host's build hook, whose build then reads the published content (vite.config.ts). Once per
 * publish across every instance; each call bounded by a timeout and retried with growing waits;
 * nothing waits for it, neither the pages' render nor a visitor. Failures are logged with the
 * hook's origin only: a build hook's path is its secret. Answers how to stop, which abandons a
 * call still trying.
 */
export async function callHookOnPublish(
  db: Database,
  hookUrl: string,
  log: Logger,
  publishes: Publishes,
  options: PublishHookOptions = {},
): Promise<() => Promise<void>> {
  const { timeoutMs, retryDelaysMs } = { ...defaults, ...options };
  const fetchImpl = options.fetch ?? fetch;
  const hook = new URL(hookUrl).origin;
  const stopping = new AbortController();
  const calls = new Set<Promise<void>>();

  async function call(version: number): Promise<void> {
    const started = performance.now();
    for (let attempt = 1; ; attempt += 1) {
      let problem: string;
      try {
        const response = await fetchImpl(hookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ version }),
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]),
        });
        await response.body?.cancel();
        if (response.ok) {
          log.info("publish hook called", {
            version,
            hook,
            status: response.status,
            attempts: attempt,
            ms: Math.round(performance.now() - started),
          });
          return;
        }
        problem = `answered ${response.status}`;
      } catch (error) {
        if (stopping.signal.aborted) break;
        problem = failure(error);
      }
      const delay = retryDelaysMs[attempt - 1];
      if (delay === undefined) {
        log.error("publish hook failed: the site was not built again", {
          version,
          hook,
          attempts: attempt,
          error: problem,
        });
        return;
      }
      log.warn("publish hook call failed; trying again", {
        version,
        hook,
        attempt,
        error: problem,
        retryInMs: delay,
      });
      try {
        await sleep(delay, undefined, { signal: stopping.signal });
      } catch {
        break;
      }
    }
    log.warn("publish hook call abandoned: the server is stopping", { version, hook });
  }

  const onPublish = (payload: string) => {
    const task = claim(db, payload)
      .then((version) => (version === undefined ? undefined : call(version)))
      .catch((error: unknown) =>
        log.error("publish hook not called", { error: errorForLog(error) }),
      );
    calls.add(task);
    void task.finally(() => calls.delete(task));
  };

  const stop = await publishes.listen(onPublish);
  return async () => {
    await stop();
    stopping.abort();
    await Promise.all(calls);
  };
}
