// What the load scripts (bench, bench:auth, flood) share: a scratch folder and the clean-ups that
// run however the script ends (done, failed, or stopped with Ctrl-C), and the built server
// spawned on 127.0.0.1 with a data folder, a log and a process title of its own.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./build-steps.mjs";
import { freePort } from "./postgres-cluster.mjs";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A run of a load script: `scratch` is removed and every function given to `onCleanUp` called
 * (newest first) when `main` ends or the script is stopped.
 */
export function loadRun(name) {
  const scratch = mkdtempSync(path.join(tmpdir(), `kalima-${name}-`));
  const cleanups = [() => rmSync(scratch, { recursive: true, force: true })];

  async function cleanUp() {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error) => process.stderr.write(`Cleaning up: ${error.message}\n`));
    }
  }

  return {
    scratch,
    /** Calls `cleanup` when the run ends; the returned function forgets it (it ran already). */
    onCleanUp(cleanup) {
      cleanups.push(cleanup);
      return () => {
        const index = cleanups.indexOf(cleanup);
        if (index >= 0) cleanups.splice(index, 1);
      };
    },
    async main(body) {
      for (const [signal, code] of [
        ["SIGINT", 130],
        ["SIGTERM", 143],
      ]) {
        process.once(signal, () => {
          // cleanUp() reports each cleanup's failure itself and never rejects.
          void cleanUp().then(() => process.exit(code));
        });
      }
      try {
        await body();
      } catch (error) {
        process.stderr.write(`${error.stack ?? error}\n`);
        process.exitCode = 1;
      } finally {
        await cleanUp();
      }
    },
  };
}

/**
 * Starts `dist/server/main.js` with `env` (PATH, PORT, HOST and DATA_DIR are set here) and waits
 * until its home page answers. The process has a title of its own, so that nothing aimed at other
 * servers by name stops it mid-run, and is killed if the run ends before it stops.
 */
export async function startBuiltServer(run, { name, title, env }) {
  const port = await freePort();
  const slug = name.replace(/\W+/gu, "-");
  const dataDir = mkdtempSync(path.join(run.scratch, `${slug}-`));
  // Beside the data folder, not in it: the flood measures what the database adds to the disk.
  const logFile = path.join(run.scratch, `${slug}-${port}.log`);
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, [`--title=${title}`, "dist/server/main.js"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const forget = run.onCleanUp(() => child.kill("SIGKILL"));
  child.once("exit", forget);
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null || waited > 120_000) {
      throw new Error(
        `The ${name} server did not start (exit ${child.exitCode}, ${child.signalCode}, ${waited} ms):\n${readFileSync(logFile, "utf8")}`,
      );
    }
    const ready = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await sleep(100);
  }
  return {
    url,
    dataDir,
    logFile,
    /** For reading the process's memory from outside it, even while it is too busy to answer. */
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    /** Throws, with the end of its log, if the server has stopped. */
    check: () => {
      if (child.exitCode === null && child.signalCode === null) return;
      const log = readFileSync(logFile, "utf8")
        .split("\n")
        .filter((line) => line && !line.includes('"message":"request"'))
        .slice(-5)
        .join("\n");
      throw new Error(
        `The ${name} server stopped during the run (${child.signalCode ?? `exit ${child.exitCode}`}):\n${log}`,
      );
    },
  };
}
