import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/support/chromium-path.ts";

const port = Number(process.env.E2E_PORT ?? 4317);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;

/**
 * The journeys in the team's site editor: they share its one draft and its presence channel (a
 * colleague in the same part is named on every member's line), so they run one at a time, after
 * the page tests, since some publish what they reviewed. The live inbox's journeys run with them:
 * every submission another test sends while one is open is an arrival it counts and announces.
 */
const teamSiteJourneys = /(site-(editor|photos)(-[a-z]+)?|team-names|inbox-live)\.spec\.ts/u;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // On CI a failed test runs once more, and `npm test` names it flaky. Known: now and then, on a
  // loaded machine, the font-download check sees an Arabic page fetch the Latin face before any
  // script has run (cause not yet found; the page needs no Latin glyph).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The browser suite's two workers and their Chromiums keep a 2-core CI machine's load average
  // near 14: a home page then takes more than 7 s to wake now and then. Waiting longer there
  // only gives a slow machine time; budgets are measured by npm run perf, not by these waits.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: e2eBaseUrl,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath() },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: teamSiteJourneys,
    },
    // The site editor's journeys publish the site's content, which every other page test reads:
    // they run once those are done, one file at a time, since each publishes what it reviewed.
    {
      name: "publishing",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: teamSiteJourneys,
      workers: 1,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: "node tests/support/e2e-server.mjs",
    url: `${e2eBaseUrl}/`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      // Invitations return to the address the browser uses; the inbox's journeys, each in
      // both languages, prove more codes, choose more passwords and sign up more strangers in a
      // few minutes than a person would, all from one address.
      SITE_URL: e2eBaseUrl,
      AUTH_RATE_LIMIT_MFA: "200",
      AUTH_RATE_LIMIT_SIGNUP: "500",
      AUTH_RATE_LIMIT_TOKEN: "1000",
      AUTH_RATE_LIMIT_VERIFY: "500",
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
