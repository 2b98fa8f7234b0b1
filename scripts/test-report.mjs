// What npm test says at its end besides the counts: how long each suite took, and which tests
// took longest, read from the reports vitest and Playwright write, so that a test growing slow is
// seen in the run that made it so.
import path from "node:path";

/**
 * @typedef {{ suite: string, name: string, seconds: number }} TestTime
 */

/** Each test of a vitest JSON report, with its time; `root` shortens the files' paths. */
export function vitestTimes(report, suite, root) {
  /** @type {TestTime[]} */
  const times = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (typeof test.duration !== "number") continue;
      times.push({
        suite,
        name: `${where} › ${test.fullName ?? test.title}`,
        seconds: test.duration / 1000,
      });
    }
  }
  return times;
}

/**
 * Each test of a Playwright JSON report, with its time in every run it had (a retry's included:
 * the wait is the same); its project is named, as one spec runs in several.
 */
export function playwrightTimes(report, suite) {
  /** @type {TestTime[]} */
  const times = [];
  const visit = (group) => {
    for (const spec of group.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        if (ms === 0) continue;
        times.push({
          suite,
          name: `${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`,
          seconds: ms / 1000,
        });
      }
    }
    for (const inner of group.suites ?? []) visit(inner);
  };
  for (const group of report?.suites ?? []) visit(group);
  return times;
}

/** The `count` slowest tests, slowest first. */
export function slowest(times, count = 10) {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

const seconds = (value) => `${value.toFixed(value < 10 ? 1 : 0)} s`;

/**
 * The lines printed after the counts: each suite's time (`beside` marks one that ran while
 * another did), then the slowest tests.
 *
 * @param {{ label: string, seconds: number, beside?: boolean }[]} suites
 * @param {TestTime[]} times
 */
export function timesSummary(suites, times, count = 10) {
  const lines = ["Time by suite:"];
  for (const suite of suites) {
    lines.push(`  ${suite.label}: ${seconds(suite.seconds)}${suite.beside ? " (beside)" : ""}`);
  }
  const slow = slowest(times, count);
  if (slow.length > 0) {
    lines.push(`Slowest ${slow.length} tests:`);
    for (const test of slow) {
      lines.push(`  ${seconds(test.seconds).padStart(7)}  ${test.suite}  ${test.name}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
