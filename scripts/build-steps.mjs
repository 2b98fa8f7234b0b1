// What `npm start` and `npm run build` share: which parts of the build are stale, and how to
// make them. A part is stale when the hash of its sources (and the settings baked into it)
// differs from the one recorded when it was last built.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isCompressible } from "../src/shared/compression.js";
import { linkSettings } from "../src/shared/site-links.js";
import { contentChunksAmong, deferAppScript } from "../src/shared/defer-app-script.js";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const parts = {
  site: {
    sources: [
      "src/web",
      "src/shared",
      "public",
      "react-router.config.ts",
      "vite.config.ts",
      "package-lock.json",
      "scripts/build-steps.mjs",
      "scripts/font-subsets.mjs",
    ],
    // Baked into the pages at build time.
    settings: ["SITE_URL", "VITE_SUPABASE_URL", "VITE_SUPABASE_ANON_KEY", ...linkSettings],
    stamp: "build/client/.build-stamp",
  },
  server: {
    sources: [
      "src/server",
      "src/shared",
      "tsconfig.server.json",
      "tsconfig.base.json",
      "package-lock.json",
    ],
    settings: [],
    stamp: "dist/.build-stamp",
  },
};

function filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".test.tsx"))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)))
    .sort();
}

function fingerprint(part) {
  const hash = createHash("sha256");
  for (const file of part.sources.flatMap(filesUnder)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  }
  for (const name of part.settings) hash.update(`${name}=${process.env[name] ?? ""}\0`);
  return hash.digest("hex");
}

export function isStale(name) {
  const part = parts[name];
  const stamp = path.join(root, part.stamp);
  return !existsSync(stamp) || readFileSync(stamp, "utf8") !== fingerprint(part);
}

function run(command, args, env = {}) {
  const result = spawnSync(path.join(root, "node_modules/.bin", command), args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.error?.code === "ENOENT") {
    throw new Error(`${command} is not installed: run npm ci (with dev dependencies) first`);
  }
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** Writes .br and .gz beside every compressible asset, so the server never compresses them live. */
function precompress(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    const extension = path.extname(entry.name);
    // Pages change when the server starts (it writes the anon key into them): it compresses them.
    if (extension === ".html") continue;
    const body = readFileSync(file);
    if (!isCompressible(extension, body.length)) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

/**
 * The turbo-stream copies of resource routes (robots.txt.data): the client never asks for them.
 * A page's (`about.data`) stays: the app reads the content of the page it moves to from it.
 */
function removeDataFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) removeDataFiles(file);
    else if (/\.\w+\.data$/u.test(entry.name)) rmSync(file);
  }
}

/** Each language's chunk of strings in the built client. */
function contentChunks(client) {
  return contentChunksAmong(readdirSync(path.join(client, "assets")));
}

/** Every prerendered page loads its scripts after it has loaded (src/shared/defer-app-script.js). */
function deferAppScripts(directory, chunks) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) deferAppScripts(file, chunks);
    else if (entry.name === "index.html") {
      const html = readFileSync(file, "utf8");
      writeFileSync(file, deferAppScript(html, path.relative(root, file), chunks));
    }
  }
}

/**
 * Builds the site into `directory` (`client/` the pages and assets, `render/` the bundle our
 * server renders them again with): `build/` unless `npm run build -- --out` names another folder
 * of the project. React Router reads it from KALIMA_BUILD_DIR (react-router.config.ts).
 */
export function buildSite(directory = path.join(root, "build")) {
  run("react-router", ["build"], { KALIMA_BUILD_DIR: directory });
  const client = path.join(directory, "client");
  removeDataFiles(client);
  deferAppScripts(client, contentChunks(client));
  precompress(client);
  writeFileSync(path.join(client, path.basename(parts.site.stamp)), fingerprint(parts.site));
}

export function buildServer() {
  run("tsc", ["-p", "tsconfig.server.json"]);
  writeFileSync(path.join(root, parts.server.stamp), fingerprint(parts.server));
}

/** Builds what is stale; returns the names of the parts it built. */
export function ensureBuilt(names = ["site", "server"]) {
  const built = [];
  for (const name of names) {
    if (!isStale(name)) continue;
    process.stderr.write(`Building the ${name} (first run, or its sources changed)...\n`);
    if (name === "site") buildSite();
    else buildServer();
    built.push(name);
  }
  return built;
}
