// The eight pages, for the scripts that visit them all (perf, screenshots). Plain Node cannot
// import src/web/app/pages.ts, the site's own table: pages.test.ts keeps the two the same.
export const sitePaths = [
  "/",
  "/about",
  "/programs",
  "/mutakallim",
  "/mutaallem",
  "/asdaa-kalima",
  "/community",
  "/contact",
];
