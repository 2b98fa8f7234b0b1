// A throwaway PostgreSQL cluster for tests and the bench: initdb into a temporary directory, a
// free port on 127.0.0.1, trust authentication, removed again by stop(). Uses the machine's
// PostgreSQL binaries (Debian's `postgresql` package) and never touches another cluster.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

function binDirectory() {
  const debianRoot = "/usr/lib/postgresql";
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((version) => existsSync(path.join(debianRoot, version, "bin/initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(debianRoot, versions[0], "bin");
  }
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (onPath.status === 0 && onPath.stdout.trim()) return path.dirname(onPath.stdout.trim());
  throw new Error(
    "PostgreSQL's server binaries (initdb, pg_ctl) were not found: install them (Debian: apt-get install postgresql)",
  );
}

/** A port nobody listens on right now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user. */
function runner() {
  if (process.getuid?.() !== 0) return { prefix: [], owner: undefined };
  const id = (flag) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0) {
    throw new Error("Running as root needs a `postgres` system user to run PostgreSQL as");
  }
  return {
    prefix: ["runuser", "-u", "postgres", "--"],
    owner: { uid: Number(uid.stdout), gid: Number(gid.stdout) },
  };
}

function run(prefix, command, args) {
  const [program, ...rest] = [...prefix, command, ...args];
  const result = spawnSync(program, rest, { encoding: "utf8", cwd: tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} failed: ${result.error?.message ?? ""}${result.stderr}${result.stdout}`,
    );
  }
}

/**
 * Starts a cluster and resolves to its superuser URL and a stop() that removes it.
 * `durable: false` turns fsync off: for tests, whose process crashes are the server's, not the
 * database's. The bench keeps PostgreSQL's defaults.
 */
export async function startThrowawayCluster({ durable = true, maxConnections = 200 } = {}) {
  const bin = binDirectory();
  const { prefix, owner } = runner();
  const directory = mkdtempSync(path.join(tmpdir(), "kalima-postgres-"));
  if (owner) chownSync(directory, owner.uid, owner.gid);
  const data = path.join(directory, "data");
  const log = path.join(directory, "postgres.log");
  const remove = () => rmSync(directory, { recursive: true, force: true });

  try {
    run(prefix, path.join(bin, "initdb"), [
      "--pgdata",
      data,
      "--username",
      "postgres",
      "--auth",
      "trust",
      "--encoding",
      "UTF8",
      // A UTF-8 character class, as production clusters have: under the C locale pg_trgm takes
      // no Arabic letter for a word character, and Arabic searches cannot use their index.
      "--locale",
      "C.UTF-8",
      "--no-sync",
    ]);
    let port;
    let started = false;
    for (let attempt = 0; attempt < 3 && !started; attempt += 1) {
      port = await freePort();
      const settings = [
        `-p ${port}`,
        `-k ${directory}`,
        "-c listen_addresses=127.0.0.1",
        `-c max_connections=${maxConnections}`,
        ...(durable
          ? []
          : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
      ].join(" ");
      try {
        run(prefix, path.join(bin, "pg_ctl"), [
          "--pgdata",
          data,
          "--log",
          log,
          "--wait",
          "--timeout",
          "60",
          "--options",
          settings,
          "start",
        ]);
        started = true;
      } catch (error) {
        if (attempt === 2) {
          const tail = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "";
          throw new Error(`${error.message}\n${tail}`);
        }
      }
    }
    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        if (stopped) return;
        stopped = true;
        try {
          run(prefix, path.join(bin, "pg_ctl"), [
            "--pgdata",
            data,
            "--mode",
            "fast",
            "--wait",
            "stop",
          ]);
        } catch {
          run(prefix, path.join(bin, "pg_ctl"), ["--pgdata", data, "--mode", "immediate", "stop"]);
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
