import { chmod, lstat, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeDataDir, removeDataDir, spawnServer } from "../support/spawn-server.ts";

async function looseEntries(directory: string): Promise<string[]> {
  const loose: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stats = await lstat(file);
    if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) {
      loose.push(`${file} ${(stats.mode & 0o777).toString(8)}`);
    }
  }
  return loose;
}

describe("DATA_DIR's permissions", () => {
  it("are tightened at start, saying so, and what the server creates is its user's alone", async () => {
    const dataDir = await makeDataDir();
    try {
      await chmod(dataDir, 0o755);
      await writeFile(path.join(dataDir, "left-by-an-older-version"), "", { mode: 0o644 });
      await chmod(path.join(dataDir, "left-by-an-older-version"), 0o644);
      const server = await spawnServer({}, dataDir);
      await fetch(`${server.url}/auth/v1/health`);
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain(
        '"message":"tightened permissions of 2 entries in DATA_DIR"',
      );
      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
      expect(await looseEntries(dataDir)).toEqual([]);
    } finally {
      await removeDataDir(dataDir);
    }
  });
});
