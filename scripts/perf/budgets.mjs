// What the first view of every page may cost a phone (kB are 1000 bytes), and what Lighthouse
// (mobile, its default throttling) must say of it. One place, read by `npm run perf` and by the
// byte check in `npm test`.
export const byteBudgets = {
  /** JavaScript the first view loads, gzip: React 19 and React Router's runtime included. */
  script: 140_000,
  /** Stylesheets, gzip. */
  stylesheet: 20_000,
  /** Fonts, as sent (woff2 is compressed already). */
  font: 120_000,
};

export const lighthouseBudgets = {
  performance: 100,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 1400,
  tbtMs: 100,
  cls: 0,
};

/**
 * From the first touch to the frame showing its effect, median (scripts/perf/first-tap.mjs),
 * when the page answers in place. The language switch redraws the whole page in the other
 * language and direction: 200 ms, the "good" bound of Interaction to Next Paint. Tapped before
 * the app wakes, it is a link to the other language's page: a page load, held to the budgets
 * above, not to these.
 */
export const tapBudgetsMs = {
  menu: 100,
  card: 100,
  language: 200,
};
