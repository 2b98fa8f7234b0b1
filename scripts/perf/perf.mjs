// npm run perf: builds, starts the server on a fresh embedded database, and for every page in
// Arabic and English prints what its first view downloads and Lighthouse's mobile scores
// (median of three runs) with LCP, TBT and CLS, and the first tap on the menu button, a program
// card and the language switch, 300 ms and 3 s after load (median of five each, 4× CPU
// slowdown, scripts/perf/first-tap.mjs): a tap the page answers in place is held to its budget
// (the language switch's is larger), one that loads another page (the language switch before
// the app is awake) is shown as a load, held to the page-load budgets. Exits non-zero when a
// budget is missed. The content carries photos first (scripts/perf/photos.mjs), as the team's
// will: --no-photos measures the pages without them.
//   npm run perf -- --runs 5 --routes /,/contact --languages ar --tap-runs 3
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuilt, root } from "../build-steps.mjs";
import { byteBudgets, lighthouseBudgets, tapBudgetsMs } from "./budgets.mjs";
import { measureFirstTap } from "./first-tap.mjs";
import { measureFirstView } from "./first-view.mjs";
import { publishPhotos } from "./photos.mjs";
import { sitePages } from "../../src/shared/pages.js";

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string", default: sitePages.map((page) => page.path).join(",") },
    languages: { type: "string", default: "ar,en" },
    "tap-runs": { type: "string", default: "5" },
    "tap-delays": { type: "string", default: "300,3000" },
    "no-photos": { type: "boolean", default: false },
  },
});
const tapRuns = Number(options["tap-runs"]);
const tapDelays = options["tap-delays"].split(",").map(Number);
if (!Number.isInteger(tapRuns) || tapRuns < 0) throw new Error("--tap-runs takes a whole number");
const runs = Number(options.runs);
const routes = options.routes.split(",");
const languages = options.languages.split(",");
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of runs");
for (const language of languages) {
  if (!["ar", "en"].includes(language))
    throw new Error(`--languages takes ar and en, not ${language}`);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

ensureBuilt();

const dataDir = mkdtempSync(path.join(tmpdir(), "kalima-perf-"));
const jwtSecret = randomBytes(32).toString("hex");
const server = spawn(process.execPath, ["dist/server/main.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_REQUESTS: "false",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const origin = await new Promise((resolve, reject) => {
  let output = "";
  server.stdout.on("data", (chunk) => {
    output += chunk;
    const port = /"message":"listening","url":"http:\/\/[^:]+:(\d+)"/u.exec(output)?.[1];
    if (port) resolve(`http://127.0.0.1:${port}`);
  });
  server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
});

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const kB = (bytes) => (bytes / 1000).toFixed(1);
const rows = [];
const misses = [];

try {
  if (!options["no-photos"]) await publishPhotos(origin, jwtSecret);
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
    ],
  });
  try {
    for (const language of languages) {
      for (const route of routes) {
        const url = `${origin}${route}`;
        const view = await measureFirstView(browser, url, language);
        // An English first view from our server comes from the cookie; Lighthouse has none,
        // so it asks for the English address directly.
        const lighthouseUrl = language === "en" ? `${origin}/en${route === "/" ? "" : route}` : url;
        const samples = [];
        for (let run = 0; run < runs; run += 1) {
          const result = await lighthouse(lighthouseUrl, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          });
          const { categories, audits } = result.lhr;
          samples.push({
            performance: Math.round(categories.performance.score * 100),
            accessibility: Math.round(categories.accessibility.score * 100),
            "best-practices": Math.round(categories["best-practices"].score * 100),
            seo: Math.round(categories.seo.score * 100),
            lcpMs: audits["largest-contentful-paint"].numericValue,
            tbtMs: audits["total-blocking-time"].numericValue,
            cls: audits["cumulative-layout-shift"].numericValue,
          });
        }
        // The cards are on the programs page only.
        const targets = route === "/programs" ? ["menu", "card", "language"] : ["menu", "language"];
        const taps = {};
        for (const target of targets) {
          taps[target] = [];
          for (const delay of tapDelays) {
            const samples = [];
            for (let run = 0; run < tapRuns; run += 1) {
              samples.push(await measureFirstTap(browser, url, target, delay, language));
            }
            const inPlace = samples.filter((tap) => tap.answer === "in place");
            const loads = samples.filter((tap) => tap.answer === "page load");
            taps[target].push({
              inPlace: inPlace.length > 0 ? median(inPlace.map((tap) => tap.ms)) : undefined,
              load: loads.length > 0 ? median(loads.map((tap) => tap.ms)) : undefined,
            });
          }
        }
        const score = Object.fromEntries(
          Object.keys(samples[0]).map((key) => [key, median(samples.map((sample) => sample[key]))]),
        );
        const row = {
          language,
          route,
          ...view.totals,
          ...score,
          taps,
          otherHosts: view.hosts.filter((host) => host !== new URL(origin).host),
        };
        rows.push(row);
        const label = `${language} ${route}`;
        for (const [kind, budget] of Object.entries(byteBudgets)) {
          if (row[kind] > budget)
            misses.push(`${label}: ${kind} ${kB(row[kind])} kB > ${kB(budget)} kB`);
        }
        for (const key of ["performance", "accessibility", "best-practices", "seo"]) {
          if (row[key] < lighthouseBudgets[key])
            misses.push(`${label}: ${key} ${row[key]} < ${lighthouseBudgets[key]}`);
        }
        if (row.lcpMs > lighthouseBudgets.lcpMs)
          misses.push(`${label}: LCP ${Math.round(row.lcpMs)} ms > ${lighthouseBudgets.lcpMs} ms`);
        if (row.tbtMs > lighthouseBudgets.tbtMs)
          misses.push(`${label}: TBT ${Math.round(row.tbtMs)} ms > ${lighthouseBudgets.tbtMs} ms`);
        // Lighthouse leaves a metric out when its trace could not give it: a miss, not a crash.
        for (const key of ["lcpMs", "tbtMs", "cls"]) {
          if (!Number.isFinite(row[key])) misses.push(`${label}: Lighthouse gave no ${key}`);
        }
        if (row.cls > lighthouseBudgets.cls)
          misses.push(`${label}: CLS ${row.cls.toFixed(3)} > ${lighthouseBudgets.cls}`);
        for (const [target, medians] of Object.entries(taps)) {
          medians.forEach(({ inPlace }, index) => {
            if (inPlace !== undefined && inPlace > tapBudgetsMs[target])
              misses.push(
                `${label}: first tap on ${target} ${tapDelays[index]} ms after load ${Math.round(inPlace)} ms > ${tapBudgetsMs[target]} ms`,
              );
          });
        }
        if (row.otherHosts.length > 0) misses.push(`${label}: asked ${row.otherHosts.join(", ")}`);
        process.stderr.write(`measured ${label}\n`);
      }
    }
  } finally {
    await browser.close();
    chrome.kill();
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

const header = [
  "lang",
  "route",
  "JS kB",
  "CSS kB",
  "font kB",
  "perf",
  "a11y",
  "best",
  "SEO",
  "LCP ms",
  "TBT ms",
  "CLS",
  `tap menu ${tapDelays.join("/")}`,
  "tap card",
  "tap lang",
];
const figure = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
/** Each delay's median in place, and "load" with the median of the taps that loaded a page. */
const tapCell = (medians) =>
  medians
    ? medians
        .map(({ inPlace, load }) =>
          [inPlace, load === undefined ? undefined : `load ${Math.round(load)}`]
            .filter((part) => part !== undefined)
            .map((part) => (typeof part === "number" ? Math.round(part) : part))
            .join("+"),
        )
        .join("/")
    : "–";
const table = rows.map((row) => [
  row.language,
  row.route,
  kB(row.script),
  kB(row.stylesheet),
  kB(row.font),
  row.performance,
  row.accessibility,
  row["best-practices"],
  row.seo,
  figure(row.lcpMs, 0),
  figure(row.tbtMs, 0),
  figure(row.cls, 3),
  tapCell(row.taps.menu),
  tapCell(row.taps.card),
  tapCell(row.taps.language),
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...table.map((line) => String(line[column]).length)),
);
const line = (cells) =>
  `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(" | ")} |`;
process.stdout.write(
  [
    `First views and Lighthouse (mobile, median of ${runs}), budgets: JS ${kB(byteBudgets.script)} kB, CSS ${kB(byteBudgets.stylesheet)} kB, fonts ${kB(byteBudgets.font)} kB gzip; performance ≥ ${lighthouseBudgets.performance}, others 100; LCP ≤ ${lighthouseBudgets.lcpMs} ms, TBT ≤ ${lighthouseBudgets.tbtMs} ms, CLS ≤ ${lighthouseBudgets.cls}; first tap answered in place ≤ ${tapBudgetsMs.menu} ms on the menu and the cards, ≤ ${tapBudgetsMs.language} ms on the language switch; "load": the tap loaded the other language's page, held to the page-load budgets (median of ${tapRuns}, 4× CPU slowdown, ${tapDelays.join(" and ")} ms after load)`,
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...table.map(line),
    "",
    misses.length === 0
      ? "Every budget holds."
      : `Budgets missed:\n${misses.map((miss) => `  ${miss}`).join("\n")}`,
    "",
  ].join("\n"),
);
process.exit(misses.length === 0 ? 0 : 1);
