import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

export interface RunningServer {
  process: ChildProcessWithoutNullStreams;
  url: string;
  dataDir: string;
  output: () => string;
  /** Milliseconds from spawn to the "listening" log line. */
  startupMs: number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "kalima-process-"));
}

/**
 * A data directory whose embedded database is already migrated: a copy of the run's template
 * (data-dir-template.ts), so a server's first start on it skips the migrations, the most of a first
 * start's time. For tests about something else than a first start; a test of the migrations, a
 * restore into a new database, or a start on an older schema needs `makeDataDir`. Where the
 * template was not made (the PostgreSQL projects, whose servers use DATABASE_URL), it is empty.
 */
export async function makeMigratedDataDir(): Promise<string> {
  const dataDir = await makeDataDir();
  const template = inject("dataDirTemplate");
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

/** Starts the built server (dist/) as a separate process and waits until it listens. */
export function spawnServer(env: Record<string, string>, dataDir: string): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { PATH: process.env.PATH ?? "", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /"message":"listening","url":"http:\/\/[^:]+:(\d+)"/u.exec(output)?.[1];
      if (port) {
        child.stdout.off("data", onData);
        child.stdout.on("data", (more: Buffer) => (output += more.toString()));
        resolve({
          process: child,
          url: `http://127.0.0.1:${port}`,
          dataDir,
          output: () => output,
          startupMs: performance.now() - started,
          stop: async (signal = "SIGTERM") => {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
}

/** Runs the server expecting it to fail at start; resolves to its exit code and output. */
export function spawnFailingServer(env: Record<string, string>, dataDir: string) {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { PATH: process.env.PATH ?? "", PORT: "0", DATA_DIR: dataDir, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

/** Runs one of the server's commands (npm run keys|migrate|export) to completion. */
export function runServerCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["scripts/server-cli.mjs", command, ...args], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr: withoutRuntimeNotice(stderr) })),
  );
}

/**
 * supabase-js (2.119) warns once per process, as it loads, that Node.js 20 is deprecated: a notice
 * about the machine, not something the command said. The tests read what the command said.
 */
export function withoutRuntimeNotice(stderr: string): string {
  return stderr.replace(/^⚠️ {2}Node\.js 20 and below are deprecated[^\n]*\n/mu, "");
}
