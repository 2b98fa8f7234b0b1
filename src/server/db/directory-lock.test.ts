import { spawnSync } from "node:child_process";
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
    await expect(lockDirectory(file, "The embedded database")).rejects.toThrow(
      `The embedded database is in use by another process (pid ${process.pid}): stop it first.`,
    );
    await lock.release();
    expect(existsSync(file)).toBe(false);
    await (await lockDirectory(file, "The embedded database")).release();
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
      await (await lockDirectory(file, "The embedded database")).release();
    }
  });

  it("leaves a lock alone on release when another process has taken it since", async () => {
    const lock = await lockDirectory(file, "The embedded database");
    await writeFile(file, JSON.stringify({ pid: 1, boot: null, started: null }));
    await lock.release();
    expect(existsSync(file)).toBe(true);
  });
});
