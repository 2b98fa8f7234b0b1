// npm run bench:storage [-- --duration 10 --connections 16]: a 12-megapixel phone photo (4000 ×
// 3000, noise and gradients, so it compresses as a photo does) rendered as a 640 px-wide WebP.
// Prints the first render's time (each of five uploads of the photo, new to the cache), the
// cached read's p50 and p95 over 500 reads, and the home page's p50 and p99 under autocannon,
// alone and while waves of ten first-time renders run one after another, against the budgets
// (first render <= 1.5 s, cached p95 <= 20 ms, page p99 <= 100 ms). Every figure is an HTTP
// request to the built server: the photo uploaded to site-media, read at its render route.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import sharp from "sharp";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, startBuiltServer } from "./load-run.mjs";
import { phonePhoto } from "./phone-photo.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
  },
});
const durationSeconds = Number(options.duration);
const connections = Number(options.connections);
if (![durationSeconds, connections].every((value) => Number.isInteger(value) && value >= 1)) {
  process.stderr.write("--duration and --connections take whole numbers from 1\n");
  process.exit(2);
}

const budgets = { firstRenderMs: 1500, cachedP95Ms: 20, pageP99Ms: 100 };
const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const transform = { width: 640 };
const run = loadRun("bench-storage");

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}/`, connections, duration: durationSeconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const serviceHeaders = (key) => ({ apikey: key, authorization: `Bearer ${key}` });

/** Uploads the photo to site-media as the team does (the upload's clean-up included). */
async function upload(url, key, name, photo) {
  const started = performance.now();
  const answer = await fetch(`${url}/storage/v1/object/site-media/bench/${name}`, {
    method: "POST",
    headers: { ...serviceHeaders(key), "content-type": "image/jpeg" },
    body: photo,
  });
  if (!answer.ok) throw new Error(`Uploading ${name}: ${answer.status} ${await answer.text()}`);
  return performance.now() - started;
}

/** One render request as a browser sends it; the time to its last byte. */
async function render(url, name, width) {
  const started = performance.now();
  const answer = await fetch(
    `${url}/storage/v1/render/image/public/site-media/bench/${name}?width=${width}`,
    { headers: { accept: chrome } },
  );
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200) throw new Error(`Rendering ${name}: ${answer.status} ${bytes}`);
  return { ms: performance.now() - started, bytes };
}

await run.main(async () => {
  ensureBuilt();
  const jwtSecret = "bench-storage-secret-that-is-long-enough-for-hs256";
  const { makeApiKey } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const serviceKey = await makeApiKey(jwtSecret, "service_role");
  const server = await startBuiltServer(run, {
    name: "storage",
    title: "kalima-bench-storage",
    // The per-client limits are off: this measures what renders cost, not who may ask for them.
    env: {
      JWT_SECRET: jwtSecret,
      LOG_REQUESTS: "false",
      API_RATE_LIMIT: "0",
      RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC: "100000",
      IMAGE_FIRST_RENDERS_PER_CLIENT: "10000",
    },
  });
  const photo = await phonePhoto();
  process.stdout.write(
    `Photo: 4000 × 3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB; load average before: ${loadAverage()}\n`,
  );
  const uploads = [];
  for (let index = 0; index < 6; index += 1) {
    uploads.push(await upload(server.url, serviceKey, `photo-${index}.jpg`, photo));
  }

  const firsts = [];
  let variant;
  for (let index = 0; index < 5; index += 1) {
    const first = await render(server.url, `photo-${index}.jpg`, transform.width);
    firsts.push(first.ms);
    variant = first.bytes;
  }
  const { width, height, format } = await sharp(variant).metadata();

  await render(server.url, "photo-5.jpg", transform.width);
  const cached = [];
  for (let read = 0; read < 500; read += 1) {
    cached.push((await render(server.url, "photo-5.jpg", transform.width)).ms);
  }

  const alone = await load(server.url);
  server.check();

  const loaded = load(server.url);
  let loading = true;
  void loaded.finally(() => (loading = false));
  const waves = [];
  // Each wave asks ten sizes never asked before: ten first renders of the 12-megapixel photo.
  let nextWidth = 300;
  while (loading) {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, () => render(server.url, "photo-0.jpg", (nextWidth += 1))),
    );
    waves.push(performance.now() - started);
  }
  const during = await loaded;
  server.check();
  await server.stop();

  const met = (ok) => (ok ? "met" : "MISSED");
  const firstWorst = Math.max(...firsts);
  const cachedP95 = percentile(cached, 0.95);
  const failures = (result) => result.non2xx + result.errors;
  const pageRow = (name, result) =>
    `| ${name.padEnd(38)} | ${String(Math.round(result.requests.average)).padStart(6)} | ${result.latency.p50.toFixed(1).padStart(6)} | ${result.latency.p99.toFixed(1).padStart(6)} | ${String(failures(result)).padStart(6)} |\n`;
  process.stdout.write(
    `\nUpload to site-media, cleaned (6): ${uploads.map((ms) => Math.round(ms)).join(", ")} ms\n` +
      `Variant: ${width} × ${height} ${format}, ${(variant.length / 1024).toFixed(0)} kB\n` +
      `First render (5 photos): ${firsts.map((ms) => Math.round(ms)).join(", ")} ms; ` +
      `budget <= ${budgets.firstRenderMs} ms: ${met(firstWorst <= budgets.firstRenderMs)}\n` +
      `Cached read (500): p50 ${percentile(cached, 0.5).toFixed(2)} ms, p95 ${cachedP95.toFixed(2)} ms; ` +
      `budget p95 <= ${budgets.cachedP95Ms} ms: ${met(cachedP95 <= budgets.cachedP95Ms)}\n` +
      `\n| GET / (${connections} connections, ${durationSeconds} s)`.padEnd(41) +
      ` |  req/s | p50 ms | p99 ms | failed |\n|${"-".repeat(40)}|-------:|-------:|-------:|-------:|\n` +
      pageRow("alone", alone) +
      pageRow(`while ${waves.length} waves of 10 first renders`, during) +
      `\nWaves of ten first renders (ms, each): ${waves.map((ms) => Math.round(ms)).join(", ")}\n` +
      `Page budget (p99 <= ${budgets.pageP99Ms} ms) during renders: ${met(during.latency.p99 <= budgets.pageP99Ms && failures(during) === 0)}\n` +
      `Load average after: ${loadAverage()}\n`,
  );
  if (failures(during) > 0) process.exitCode = 1;
});
