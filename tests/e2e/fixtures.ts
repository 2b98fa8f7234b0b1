import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { makeApiKey } from "../../src/server/keys.ts";

export type Language = "ar" | "en";

export const e2eSecret = "e2e-only-secret-for-the-local-browser-tests";

interface Fixtures {
  /** Console errors and uncaught exceptions; any not allowed fails the test. */
  consoleErrors: { allow(pattern: RegExp): void };
  /** Reads submissions as the team does: REST with the service_role key. */
  submissions: { find(email: string): Promise<Record<string, unknown>[]> };
}

let workerServer: string | undefined;

/**
 * The server this worker's tests drive: the page tests' or the team journeys' own
 * (playwright.config.ts); a worker runs the tests of one project.
 */
export function serverUrl(): string {
  if (!workerServer) throw new Error("serverUrl() is for tests and their fixtures");
  return workerServer;
}

interface WorkerFixtures {
  /** Notes the project's server for the helpers that call it outside a page (team.ts). */
  projectServer: void;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  projectServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      workerServer = workerInfo.project.use.baseURL;
      await use();
    },
    { scope: "worker", auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
    },
    { auto: true },
  ],
  submissions: async ({ request }, use) => {
    await use({ find: (email) => findSubmissions(request, email) });
  },
});

async function findSubmissions(request: APIRequestContext, email: string) {
  const key = await makeApiKey(e2eSecret, "service_role");
  const response = await request.get(
    "/rest/v1/contact_submissions?select=*&order=id.desc&limit=1000",
    {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    },
  );
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as Record<string, unknown>[];
  return rows.filter((row) => row.email === email);
}

/** Opens a page in a language the way a returning visitor arrives: with the remembered choice. */
export async function openIn(page: Page, language: Language, path: string) {
  await page
    .context()
    .addCookies([{ name: "kalima-language", value: language, domain: "127.0.0.1", path: "/" }]);
  return page.goto(path);
}

/**
 * Holds every request for `url` until the returned function is called; `asked` hears of each
 * as it is held.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  asked: (url: URL) => void = () => {},
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    asked(new URL(route.request().url()));
    await held;
    await route.continue();
  });
  return release;
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export { expect };
