// npm run bench:publish [-- --duration 10 --connections 16 --publishes 4]: the home page under
// load from autocannon, alone and while the team publishes the site's content again and again
// (each publish renders every page in both languages and swaps them in). Prints the page's p50
// and p99 (and its slowest) for both, against the page budget (p99 <= 50 ms), and how long each publish took to
// be served: from the publish call to the first GET of /en that shows the new words.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, sleep, startBuiltServer } from "./load-run.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    publishes: { type: "string", default: "4" },
  },
});
const durationSeconds = Number(options.duration);
const connections = Number(options.connections);
const publishes = Number(options.publishes);
if (
  ![durationSeconds, connections, publishes].every((value) => Number.isInteger(value) && value >= 1)
) {
  process.stderr.write("--duration, --connections and --publishes take whole numbers from 1\n");
  process.exit(2);
}

const pageBudgetMs = 50;
const jwtSecret = "bench-publish-secret-that-is-long-enough-for-hs256";
const run = loadRun("bench-publish");

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}/`, connections, duration: durationSeconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const summary = (result) => ({
  perSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  failures: result.non2xx + result.errors,
});

/** Publishes the home page's eyebrow with `marker`, as the team's editor does: save, publish. */
async function publish(url, serviceKey, marker) {
  const headers = {
    apikey: serviceKey,
    authorization: `Bearer ${serviceKey}`,
    "content-type": "application/json",
  };
  const read = await fetch(
    `${url}/rest/v1/site_content_drafts?section=eq.pages&select=body,revision`,
    {
      headers,
    },
  );
  const [draft] = await read.json();
  if (!draft) throw new Error(`No draft of the pages: ${read.status}`);
  draft.body.home.hero.eyebrow.en = marker;
  const saved = await fetch(`${url}/rest/v1/rpc/save_site_draft`, {
    method: "POST",
    headers,
    body: JSON.stringify({ section: "pages", body: draft.body, base_revision: draft.revision }),
  });
  if (!saved.ok) throw new Error(`Saving the draft: ${saved.status} ${await saved.text()}`);
  const started = performance.now();
  const published = await fetch(`${url}/rest/v1/rpc/publish_site_content`, {
    method: "POST",
    headers,
    body: "{}",
  });
  if (!published.ok) throw new Error(`Publishing: ${published.status} ${await published.text()}`);
  for (;;) {
    const page = await fetch(`${url}/en`).then((response) => response.text());
    if (page.includes(marker)) return performance.now() - started;
    if (performance.now() - started > 30_000) throw new Error(`${marker} not served after 30 s`);
    await sleep(25);
  }
}

await run.main(async () => {
  ensureBuilt();
  const { makeApiKey } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const serviceKey = await makeApiKey(jwtSecret, "service_role");
  const server = await startBuiltServer(run, {
    name: "publish",
    title: "kalima-bench-publish",
    env: { JWT_SECRET: jwtSecret, LOG_REQUESTS: "false" },
  });
  process.stdout.write(
    `Home page, ${connections} connections, ${durationSeconds} s each; load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}\n`,
  );
  // The first publish after a start loads the render bundle: not what a visitor meets each time.
  await publish(server.url, serviceKey, "Warm-up");
  const alone = summary(await load(server.url));
  server.check();

  const loaded = load(server.url);
  const served = [];
  const gap = (durationSeconds * 1000) / (publishes + 1);
  for (let index = 1; index <= publishes; index += 1) {
    await sleep(gap / 2);
    served.push(await publish(server.url, serviceKey, `Publish ${index} ${Date.now() % 100000}`));
  }
  const during = summary(await loaded);
  server.check();
  await server.stop();

  const row = (name, cell) =>
    `| ${name.padEnd(24)} | ${String(Math.round(cell.perSecond)).padStart(7)} | ${cell.p50.toFixed(1).padStart(6)} | ${cell.p99.toFixed(1).padStart(6)} | ${cell.max.toFixed(0).padStart(6)} | ${String(cell.failures).padStart(6)} |\n`;
  process.stdout.write(
    "\n| GET /                    |  req/s  | p50 ms | p99 ms | max ms | failed |\n|--------------------------|--------:|-------:|-------:|-------:|-------:|\n",
  );
  process.stdout.write(row("alone", alone));
  process.stdout.write(row(`while ${publishes} publishes`, during));
  process.stdout.write(
    `\nPublish to served (ms): ${served.map((ms) => Math.round(ms)).join(", ")}\n` +
      `Page budget (p99 <= ${pageBudgetMs} ms) during publishes: ${during.p99 <= pageBudgetMs && during.failures === 0 ? "met" : "MISSED"}\n` +
      `Load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}\n`,
  );
  if (during.failures > 0) process.exitCode = 1;
});
