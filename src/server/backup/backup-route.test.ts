import { mkdtemp, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { makeApiKey } from "../keys.ts";
import { silentLogger } from "../log.ts";
import { backupRoutes } from "./backup-route.ts";

// A backup whose copy of the files cannot be opened, or holds no database that was ever
// migrated, fails before its first line: the answer is an error the command reports, never an
// empty success, and the copy is removed and the next backup is not held up by it.
const secret = "a-secret-for-the-backup-route-tests-0123456789";

/** An embedded database whose backups are copies prepared by `prepare`. */
function embeddedWithCopies(prepare: (directory: string) => Promise<void>) {
  const copies: string[] = [];
  const db = {
    kind: "pglite",
    snapshot: async () => {
      const directory = await mkdtemp(path.join(tmpdir(), "kalima-backup-copy-"));
      await prepare(directory);
      copies.push(directory);
      return directory;
    },
  } as unknown as Database;
  return { db, copies };
}

describe("GET /backup/v1 when the copy fails before the first line", () => {
  const cases = [
    {
      name: "a copy that is not a database's files",
      prepare: (directory: string) =>
        writeFile(path.join(directory, "PG_VERSION"), "not a version\n"),
      message: /did not open|could not be read/u,
    },
    {
      name: "a copy of a database never migrated",
      prepare: async () => {},
      message: /could not be read/u,
    },
  ];
  for (const { name, prepare, message } of cases) {
    it(`answers 500 for ${name}, removes the copy, and takes the next`, async () => {
      const { db, copies } = embeddedWithCopies(prepare);
      const routes = backupRoutes(db, new TextEncoder().encode(secret), silentLogger);
      const key = await makeApiKey(secret, "service_role");
      for (const attempt of [1, 2]) {
        const response = await routes.request("/", { headers: { authorization: `Bearer ${key}` } });
        expect({ attempt, status: response.status }).toEqual({ attempt, status: 500 });
        expect(((await response.json()) as { message: string }).message).toMatch(message);
      }
      expect(copies).toHaveLength(2);
      for (const copy of copies) await expect(stat(copy)).rejects.toThrow(/ENOENT/u);
    }, 60_000);
  }
});
