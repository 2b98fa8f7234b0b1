import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/support/chromium-path.ts";

const port = Number(process.env.E2E_PORT ?? 4317);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;
// The team's journeys have a server of their own, on the next port unless E2E_TEAM_PORT says.
const teamPort = Number(process.env.E2E_TEAM_PORT ?? port + 1);
export const e2eTeamBaseUrl = `http://127.0.0.1:${teamPort}`;
// The team server's mailbox (IMAP), where visitors' answers arrive: a hundred ports above it.
export const e2eTeamMailboxPort = Number(process.env.E2E_IMAP_PORT ?? teamPort + 100);

/**
 * The journeys in the team's site editor: they share its one draft and its presence channel (a
 * colleague in the same part is named on every member's line), so they run one at a time; and
 * some publish what they reviewed, which every page test reads. The live inbox's journeys run
 * with them: every submission another test sends while one is open is an arrival it counts and
 * announces. So they have a server and a database of their own.
 */
const teamSiteJourneys =
  /(site-(editor|photos)(-[a-z]+)?|team-names|inbox-(live|replies))\.spec\.ts/u;

/**
 * The browser suite's server: the built site and server on a fresh embedded database. The
 * team's delivers mail (to an SMTP server of its own that keeps nothing); the page tests' has
 * none, as a site without SMTP_URL.
 */
const server = (listen: number, url: string, extra: Record<string, string> = {}) => ({
  command: "node tests/support/e2e-server.mjs",
  url: `${url}/`,
  env: {
    PORT: String(listen),
    HOST: "127.0.0.1",
    // Invitations return to the address the browser uses; the inbox's journeys, each in
    // both languages, prove more codes, choose more passwords and sign up more strangers in a
    // few minutes than a person would, all from one address.
    SITE_URL: url,
    AUTH_RATE_LIMIT_MFA: "200",
    AUTH_RATE_LIMIT_SIGNUP: "500",
    AUTH_RATE_LIMIT_TOKEN: "1000",
    AUTH_RATE_LIMIT_VERIFY: "500",
    ...extra,
  },
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more, and `npm test` names it flaky; a run as the README says
  // has no retry, so the bounds are the same on both. Known: now and then, on a loaded machine,
  // the font-download check sees an Arabic page fetch the Latin face before any script has run
  // (cause not yet found; the page needs no Latin glyph).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The browser suite's two workers and their Chromiums keep a 2-core machine's load average
  // near 14: a home page then takes more than 7 s to wake now and then. A wait returns as soon
  // as its condition holds, so a long bound costs a green run nothing; budgets are measured by
  // npm run perf, not by these waits.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: e2eBaseUrl,
    trace: "on-first-retry",
    launchOptions: { executablePath: chromiumPath() },
  },
  projects: [
    // The team's journeys, one at a time on their own server, beside the page tests: listed
    // first, so the long journeys start first. Depending on the page tests instead would skip
    // every journey when one page test fails, and would not be faster: the suite keeps both
    // cores busy either way.
    {
      name: "publishing",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: e2eTeamBaseUrl },
      testMatch: teamSiteJourneys,
      workers: 1,
    },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: teamSiteJourneys,
    },
  ],
  webServer: [
    server(port, e2eBaseUrl),
    server(teamPort, e2eTeamBaseUrl, {
      E2E_SMTP_SINK: "true",
      E2E_IMAP_PORT: String(e2eTeamMailboxPort),
    }),
  ],
});
