// npm run bench:auth [-- --duration 10 --addresses 10 --rate 100 --page-connections 2]: what a
// flood of sign-ins does to everyone else, and how many TOTP guesses get through. Spawns the
// built server (embedded database) on 127.0.0.1 behind a pretend proxy (TRUST_PROXY), so the
// load generator in this process can speak from --addresses client addresses, as an attacker
// with a few machines would. Prints the home page's latency alone and under a flood of wrong
// passwords, the sign-ins' own answers, then the TOTP guesses that reached the code check
// when those addresses guess against one factor as fast as they can.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import * as OTPAuth from "otpauth";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, sleep, startBuiltServer } from "./load-run.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    addresses: { type: "string", default: "10" },
    rate: { type: "string", default: "100" },
    "page-connections": { type: "string", default: "2" },
    target: { type: "string", default: "50" },
  },
});
const durationSeconds = Number(options.duration);
const warmupSeconds = Number(options.warmup);
const addressCount = Number(options.addresses);
const floodRate = Number(options.rate);
// Enough connections that the offered rate holds however slowly the server answers.
const floodConnections = Math.max(8, Math.ceil(floodRate / 2));
const pageConnections = Number(options["page-connections"]);
const targetP99 = Number(options.target);
if (
  ![durationSeconds, warmupSeconds, addressCount, floodRate, pageConnections].every(
    (value) => Number.isInteger(value) && value >= 0,
  ) ||
  durationSeconds < 1 ||
  addressCount < 1 ||
  floodRate < 1 ||
  pageConnections < 1 ||
  !(targetP99 > 0)
) {
  process.stderr.write(
    "--duration, --warmup, --addresses, --rate, --page-connections and --target take whole numbers\n",
  );
  process.exit(2);
}

const jwtSecret = "bench-only-secret-that-is-long-enough-to-sign";
const password = "bench password 1";
const benchRun = loadRun("bench-auth");
const addresses = Array.from({ length: addressCount }, (_, index) => `198.51.100.${index + 1}`);

function startServer() {
  return startBuiltServer(benchRun, {
    name: "bench-auth",
    title: "kalima-bench-auth-server",
    env: { JWT_SECRET: jwtSecret, TRUST_PROXY: "X-Forwarded-For", LOG_REQUESTS: "false" },
  });
}

function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** autocannon for `seconds`, keeping every answer's status and exact response time. */
function load(requestOptions, connections, seconds) {
  const statuses = new Map();
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { ...requestOptions, connections, duration: seconds, timeout: 30 },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          sent: result.requests.sent,
          count: latencies.length,
          // Nothing answered within the run is worse than any latency.
          p50: latencies.length ? percentile(latencies, 0.5) : Infinity,
          p99: latencies.length ? percentile(latencies, 0.99) : Infinity,
          statuses,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on("response", (_client, status, _bytes, milliseconds) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(milliseconds);
    });
  });
}

function homePage(url) {
  return {
    url: `${url}/`,
    headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" },
  };
}

/** Wrong passwords for a real account, each request from the next address in turn. */
function signInFlood(url, anonKey, email) {
  let turn = 0;
  return {
    url,
    // Offered at a steady rate, as an attacker's machines would send them, whatever the answers.
    overallRate: floodRate,
    requests: [
      {
        method: "POST",
        path: "/auth/v1/token?grant_type=password",
        headers: {
          apikey: anonKey,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify({ email, password: "not the password" }),
        setupRequest: (request) => {
          turn += 1;
          return {
            ...request,
            headers: { ...request.headers, "x-forwarded-for": addresses[turn % addresses.length] },
          };
        },
      },
    ],
  };
}

async function auth(url, anonKey, route, { body, token, address = addresses[0], method = "POST" }) {
  const response = await fetch(`${url}/auth/v1${route}`, {
    method,
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${token ?? anonKey}`,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      "x-forwarded-for": address,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function expectOk(step, answer) {
  if (answer.status !== 200) {
    throw new Error(`${step} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

const statusLine = (statuses) =>
  [...statuses]
    .sort(([first], [second]) => first - second)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");

async function floodScenario(server, anonKey) {
  const email = `flood-${process.pid}@example.com`;
  // The account comes from an address the flood does not use, so its sign-up spends none of
  // the flood's allowance.
  expectOk(
    "sign-up",
    await auth(server.url, anonKey, "/signup", { body: { email, password }, address: "192.0.2.1" }),
  );
  await load(homePage(server.url), pageConnections, warmupSeconds || 1);
  const quiet = await load(homePage(server.url), pageConnections, durationSeconds);

  const flooding = load(
    signInFlood(server.url, anonKey, email),
    floodConnections,
    warmupSeconds + durationSeconds + 1,
  );
  await sleep(warmupSeconds * 1000);
  const flooded = await load(homePage(server.url), pageConnections, durationSeconds);
  const flood = await flooding;
  return { quiet, flooded, flood };
}

/** A factor verified once, then a fresh aal1 session whose owner does not know the code. */
async function totpScenario(server, anonKey) {
  const email = `totp-${process.pid}@example.com`;
  const owner = "192.0.2.2";
  const signedUp = expectOk(
    "sign-up",
    await auth(server.url, anonKey, "/signup", { body: { email, password }, address: owner }),
  );
  const factor = expectOk(
    "enrol",
    await auth(server.url, anonKey, "/factors", {
      body: { factor_type: "totp", friendly_name: "bench" },
      token: signedUp.access_token,
      address: owner,
    }),
  );
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });
  const first = expectOk(
    "challenge",
    await auth(server.url, anonKey, `/factors/${factor.id}/challenge`, {
      token: signedUp.access_token,
      address: owner,
    }),
  );
  expectOk(
    "verify",
    await auth(server.url, anonKey, `/factors/${factor.id}/verify`, {
      body: { challenge_id: first.id, code: totp.generate() },
      token: signedUp.access_token,
      address: owner,
    }),
  );
  const session = expectOk(
    "sign-in",
    await auth(server.url, anonKey, "/token?grant_type=password", {
      body: { email, password },
      address: owner,
    }),
  );

  // Every address guesses, one challenge a guess, until it is refused or two seconds pass.
  const wrongCode = () => {
    const valid = new Set(
      [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })),
    );
    let code;
    do code = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
    while (valid.has(code));
    return code;
  };
  const outcomes = new Map();
  const count = (what) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
  const started = performance.now();
  await Promise.all(
    addresses.map(async (address) => {
      while (performance.now() - started < 2000) {
        const challenge = await auth(server.url, anonKey, `/factors/${factor.id}/challenge`, {
          token: session.access_token,
          address,
        });
        if (challenge.status !== 200) {
          count(`challenge ${challenge.status} ${challenge.body.code}`);
          continue;
        }
        const verify = await auth(server.url, anonKey, `/factors/${factor.id}/verify`, {
          body: { challenge_id: challenge.body.id, code: wrongCode() },
          token: session.access_token,
          address,
        });
        count(`verify ${verify.status} ${verify.body.code}`);
      }
    }),
  );
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  ensureBuilt();
  const { makeApiKey } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const anonKey = await makeApiKey(jwtSecret, "anon");
  process.stdout.write(
    `Load average before: ${loadavg()[0].toFixed(2)} (anything else running on these cores lowers every figure)\n`,
  );

  let server = await startServer();
  try {
    const { quiet, flooded, flood } = await floodScenario(server, anonKey);
    const page = (label, measured) =>
      `  home page ${label.padEnd(18)} ${String(measured.count).padStart(6)} of ${String(measured.sent).padEnd(6)} answered  p50 ${measured.p50.toFixed(1)} ms  p99 ${measured.p99.toFixed(1)} ms${measured.errors ? `  (${measured.errors} errors)` : ""}\n`;
    process.stdout.write(
      `\nSign-in flood: ${floodRate} wrong passwords a second from ${addressCount} addresses, ${durationSeconds} s; home page at ${pageConnections} connection(s)\n`,
    );
    process.stdout.write(page("alone", quiet));
    process.stdout.write(page("during the flood", flooded));
    process.stdout.write(
      `  sign-ins: ${flood.sent} sent, answered ${statusLine(flood.statuses)}; p50 ${flood.p50.toFixed(1)} ms, p99 ${flood.p99.toFixed(1)} ms${flood.errors ? `; ${flood.errors} errors or timeouts` : ""}\n`,
    );
    process.stdout.write(
      `  target p99 under the flood <= ${targetP99} ms: ${flooded.p99 <= targetP99 ? "met" : "MISSED"}\n`,
    );
  } finally {
    await server.stop();
  }

  // A fresh server, so the flood's spent allowances do not hold the guesses back.
  server = await startServer();
  try {
    const { outcomes, seconds } = await totpScenario(server, anonKey);
    const checked = outcomes.get("verify 422 mfa_verification_failed") ?? 0;
    process.stdout.write(
      `\nTOTP guessing: ${addressCount} addresses against one factor for ${seconds.toFixed(1)} s\n`,
    );
    for (const [what, times] of [...outcomes].sort()) {
      process.stdout.write(`  ${what.padEnd(48)} ${times}\n`);
    }
    process.stdout.write(`  guesses that reached the code check: ${checked}\n`);
  } finally {
    await server.stop();
  }
  process.stdout.write(`Load average after: ${loadavg()[0].toFixed(2)}\n`);
}

await benchRun.main(main);
