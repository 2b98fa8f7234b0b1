import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tightenPermissions } from "./private-directory.ts";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-private-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe("tightenPermissions", () => {
  it("takes group and other access from folders and files, and counts what it changed", async () => {
    const nested = path.join(directory, "pglite", "base");
    await mkdir(nested, { recursive: true });
    await writeFile(path.join(nested, "1259"), "");
    await writeFile(path.join(directory, "jwt-secret"), "", { mode: 0o600 });
    await chmod(directory, 0o755);
    await chmod(path.join(directory, "pglite"), 0o755);
    await chmod(nested, 0o750);
    await chmod(path.join(nested, "1259"), 0o644);
    await chmod(path.join(directory, "jwt-secret"), 0o600);

    expect(await tightenPermissions(directory)).toBe(4);
    expect(await modeOf(directory)).toBe(0o700);
    expect(await modeOf(path.join(directory, "pglite"))).toBe(0o700);
    expect(await modeOf(nested)).toBe(0o700);
    expect(await modeOf(path.join(nested, "1259"))).toBe(0o600);
    expect(await modeOf(path.join(directory, "jwt-secret"))).toBe(0o600);
    expect(await tightenPermissions(directory)).toBe(0);
  });

  it("leaves what symbolic links point at alone, and a missing directory", async () => {
    const outside = await mkdtemp(path.join(tmpdir(), "kalima-outside-"));
    await chmod(outside, 0o755);
    await symlink(outside, path.join(directory, "elsewhere"));
    await chmod(directory, 0o700);
    expect(await tightenPermissions(directory)).toBe(0);
    expect(await modeOf(outside)).toBe(0o755);
    expect(await tightenPermissions(path.join(directory, "missing"))).toBe(0);
    await rm(outside, { recursive: true });
  });
});
