import { describe, expect, it } from "vitest";
import { playwrightTimes, slowest, timesSummary, vitestTimes } from "../../scripts/test-report.mjs";

// The summary npm test prints at its end, read from reports shaped as vitest's and Playwright's
// JSON reporters write them.
const vitestReport = {
  numPassedTests: 3,
  testResults: [
    {
      name: "/repo/tests/contract/auth.test.ts",
      assertionResults: [
        { fullName: "sign-in refuses a wrong password", title: "refuses", duration: 1200 },
        { fullName: "sign-in keeps the session", title: "keeps", duration: 80 },
        { fullName: "sign-in is skipped", title: "skipped", duration: null },
      ],
    },
    {
      name: "/repo/src/shared/slug.test.ts",
      assertionResults: [{ fullName: "slug folds case", title: "folds", duration: 3 }],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 1 },
  suites: [
    {
      title: "inbox.spec.ts",
      file: "inbox.spec.ts",
      specs: [
        {
          title: "a member reads a message",
          file: "inbox.spec.ts",
          line: 12,
          tests: [
            {
              projectName: "chromium",
              // A retry's time is waited for too.
              results: [{ duration: 30_000 }, { duration: 25_000 }],
            },
          ],
        },
      ],
      suites: [
        {
          title: "in ar",
          file: "inbox.spec.ts",
          specs: [
            {
              title: "the page is right to left",
              file: "inbox.spec.ts",
              line: 40,
              tests: [
                { projectName: "chromium", results: [{ duration: 4_000 }] },
                { projectName: "skipped-one", results: [] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("the times npm test reports", () => {
  it("reads each vitest test's time, named by its file, leaving out those that did not run", () => {
    expect(vitestTimes(vitestReport, "in-process suites", "/repo")).toEqual([
      {
        suite: "in-process suites",
        name: "tests/contract/auth.test.ts › sign-in refuses a wrong password",
        seconds: 1.2,
      },
      {
        suite: "in-process suites",
        name: "tests/contract/auth.test.ts › sign-in keeps the session",
        seconds: 0.08,
      },
      {
        suite: "in-process suites",
        name: "src/shared/slug.test.ts › slug folds case",
        seconds: 0.003,
      },
    ]);
  });

  it("reads each browser test's time in nested suites, its retries added, its project named", () => {
    expect(playwrightTimes(playwrightReport, "browser suite")).toEqual([
      {
        suite: "browser suite",
        name: "inbox.spec.ts:12 › a member reads a message [chromium]",
        seconds: 55,
      },
      {
        suite: "browser suite",
        name: "inbox.spec.ts:40 › the page is right to left [chromium]",
        seconds: 4,
      },
    ]);
  });

  it("puts the slowest first, as many as asked", () => {
    const times = [
      ...vitestTimes(vitestReport, "in-process suites", "/repo"),
      ...playwrightTimes(playwrightReport, "browser suite"),
    ];
    expect(slowest(times, 2).map(({ seconds }) => seconds)).toEqual([55, 4]);
    expect(slowest(times)).toHaveLength(5);
  });

  it("prints each suite's time, then the slowest tests", () => {
    const summary = timesSummary(
      [
        { label: "in-process suites", seconds: 612.4 },
        { label: "build", seconds: 95, beside: true },
        { label: "browser suite", seconds: 1500 },
      ],
      playwrightTimes(playwrightReport, "browser suite"),
    );
    expect(summary.split("\n")).toEqual([
      "Time by suite:",
      "  in-process suites: 612 s",
      "  build: 95 s (beside)",
      "  browser suite: 1500 s",
      "Slowest 2 tests:",
      "     55 s  browser suite  inbox.spec.ts:12 › a member reads a message [chromium]",
      "    4.0 s  browser suite  inbox.spec.ts:40 › the page is right to left [chromium]",
      "",
    ]);
  });

  it("says nothing of tests when no report was read", () => {
    expect(timesSummary([{ label: "process suites", seconds: 3.25 }], [])).toBe(
      "Time by suite:\n  process suites: 3.3 s\n",
    );
  });
});
