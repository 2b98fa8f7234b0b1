import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPGlite } from "./pglite.ts";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-pglite-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe("openPGlite", () => {
  it("says why it cannot open a database reached through a symbolic link", async () => {
    const real = path.join(directory, "real");
    const linked = path.join(directory, "pglite");
    await mkdir(real);
    await symlink(real, linked);
    const opening = openPGlite(linked);
    await expect(opening).rejects.toBeInstanceOf(Error);
    await expect(opening).rejects.toThrow(
      `Could not open the embedded database in ${linked}: ENOENT (errno 44): ` +
        `${linked} is a symbolic link, which it cannot follow; point DATA_DIR at the real directory`,
    );
    await expect(opening).rejects.not.toThrow("[object Object]");
  });
});
