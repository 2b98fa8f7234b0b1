// Migrates one embedded database per run, in a data directory as the server's own migrate
// command leaves it, for the process suites: a server spawned on a copy starts in about a third
// of a first start's time (measured: 2.5 s and 3.6 core-seconds against 8.2 s and 10.3), and
// most of their servers are first starts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { tightenPermissions } from "../../src/server/db/private-directory.ts";
import { processJwtSecret } from "./api.ts";
import { runServerCommand } from "./spawn-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    dataDirTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "kalima-data-template-"));
  try {
    const migrated = await runServerCommand(
      "migrate",
      [],
      { JWT_SECRET: processJwtSecret },
      dataDir,
    );
    if (migrated.code !== 0) {
      throw new Error(
        `the process suites' migrated data directory could not be made:\n${migrated.stderr}`,
      );
    }
    // Owner-only, as the server leaves its data directory at every start.
    await tightenPermissions(dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide("dataDirTemplate", dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
