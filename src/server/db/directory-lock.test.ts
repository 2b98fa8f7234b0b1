import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockDirectory } from "./directory-lock.ts";

let directory: string;
let file: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-lock-"));
  file = path.join(directory, "pglite.lock");
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe("lockDirectory", () => {
  it("refuses while a live process holds the lock, naming it, and frees it on release", async () => {
    const lock = await lockDirectory(file, "The embedded database");
    await expect(lockDirectory(file, "The embedded database", { waitMs: 0 })).rejects.toThrow(
      `The embedded database is in use by another process (pid ${process.pid}): stop it first.`,
    );
    await lock.release();
    expect(existsSync(file)).toBe(false);
    await (await lockDirectory(file, "The embedded database")).release();
  });

  it("waits for a holder that exits soon, as one just killed may, then takes the lock", async () => {
    const dying = spawn(process.execPath, ["-e", "setTimeout(() => {}, 1000)"]);
    const exited = new Promise((resolve) => dying.once("exit", resolve));
    await writeFile(file, JSON.stringify({ pid: dying.pid, boot: null, started: null }));
    const started = Date.now();
    const lock = await lockDirectory(file, "The embedded database", { waitMs: 10_000 });
    await exited;
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it("refuses once the wait is over when the holder stays alive", async () => {
    const staying = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      await writeFile(file, JSON.stringify({ pid: staying.pid, boot: null, started: null }));
      const started = Date.now();
      await expect(
        lockDirectory(file, "The embedded database", { waitMs: 300, pollMs: 20 }),
      ).rejects.toThrow(`is in use by another process (pid ${staying.pid})`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      staying.kill("SIGKILL");
    }
  });

  it("takes over at once from a zombie: dead, though its parent has not reaped it", async () => {
    // The shell becomes `sleep`, which never reaps the background child it forked. The child
    // outlives the shell's own turn (a shell may reap a finished job before it execs), then dies.
    const parent = spawn("sh", ["-c", "sleep 0.3 & echo $!; exec sleep 10"]);
    try {
      const pid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())),
        ),
      );
      await expect
        .poll(() => readFile(`/proc/${pid}/stat`, "utf8"), { timeout: 4_000 })
        .toMatch(/\) Z /u);
      await writeFile(file, JSON.stringify({ pid, boot: null, started: null }));
      await (await lockDirectory(file, "The embedded database", { waitMs: 0 })).release();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a process that has died", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    await writeFile(file, JSON.stringify({ pid: dead, boot: null, started: null }));
    const lock = await lockDirectory(file, "The embedded database");
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it("takes over a lock whose pid now belongs to another process, or to another boot", async () => {
    for (const stale of [
      { pid: process.pid, boot: null, started: "1" },
      { pid: process.pid, boot: "an-earlier-boot", started: null },
    ]) {
      await writeFile(file, JSON.stringify(stale));
      const lock = await lockDirectory(file, "The embedded database");
      const taken = JSON.parse(await readFile(file, "utf8")) as typeof stale;
      expect(taken).toMatchObject({ pid: process.pid });
      expect(taken).not.toEqual(stale);
      await lock.release();
    }
  });

  it("leaves a lock alone on release when another process has taken it since", async () => {
    const lock = await lockDirectory(file, "The embedded database");
    await writeFile(file, JSON.stringify({ pid: 1, boot: null, started: null }));
    await lock.release();
    expect(existsSync(file)).toBe(true);
  });
});
