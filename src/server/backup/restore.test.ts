import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createDatabase, onPostgres } from "../../../tests/support/postgres-databases.ts";
import {
  s3Credentials,
  startS3Server,
  type TestS3Server,
} from "../../../tests/support/s3-server.ts";
import type { Queryable } from "../db/database.ts";
import { readMigrations, type Migration } from "../db/migrate.ts";
import { openPGliteThread } from "../db/pglite.ts";
import { openPostgres } from "../db/postgres.ts";
import { s3Backend } from "../storage/s3-backend.ts";
import type { StorageBackend } from "../storage/backend.ts";
import { BackupWriter, checkBackup, firstLine } from "./backup-file.ts";
import { dumpDatabase, objectsNote, type StoredObjects } from "./dump.ts";
import { connectForCopy } from "./postgres-copy.ts";
import { openPostgresTarget, restoreBackup, type RestoreTarget } from "./restore.ts";

// Restores into a migrated copy of the template, on the embedded database and on PostgreSQL,
// from files written here: a version that restored another, read before it, and a file that
// changes between its check and its load.
type Target = RestoreTarget & { close(): Promise<void> };

let migrations: Migration[];
let files: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  migrations = await readMigrations("supabase/migrations");
  files = await mkdtemp(path.join(tmpdir(), "kalima-restore-"));
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await rm(files, { recursive: true, force: true });
});

/** A new database migrated to this version, opened as npm run restore opens its target. */
async function migratedTarget(): Promise<{
  open: () => Promise<Target>;
  read: Queryable;
  /** Takes a backup of this database into `file`, as npm run backup does. */
  backUp: (file: string, objects?: StoredObjects) => Promise<void>;
}> {
  if (onPostgres()) {
    const created = await createDatabase("restore", { template: inject("postgresTemplate") });
    const reader = await openPostgres({ connectionString: created.url, poolSize: 1 });
    cleanups.push(async () => {
      await reader.close();
      await created.drop();
    });
    const open = () => openPostgresTarget(created.url);
    const backUp = async (file: string, objects?: StoredObjects) => {
      const connection = await connectForCopy(created.url);
      let text = "";
      try {
        await connection.exec("begin isolation level repeatable read, read only");
        await dumpDatabase(
          connection,
          (chunk) => {
            text += chunk;
            return Promise.resolve();
          },
          "postgresql",
          objects,
        );
        await connection.exec("commit");
      } finally {
        await connection.close();
      }
      await writeFile(file, text);
    };
    return { open, read: reader, backUp };
  }
  const directory = await mkdtemp(path.join(tmpdir(), "kalima-restore-target-"));
  const database = await openPGliteThread({ directory, template: inject("databaseTemplate") });
  cleanups.push(async () => {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  });
  const open = (): Promise<Target> =>
    Promise.resolve({
      database,
      load: (work) => database.transaction(work),
      close: async () => {},
    });
  const backUp = async (file: string, objects?: StoredObjects) => {
    let text = "";
    await dumpDatabase(
      database,
      (chunk) => {
        text += chunk;
        return Promise.resolve();
      },
      "embedded",
      objects,
    );
    await writeFile(file, text);
  };
  return { open, read: database, backUp };
}

/** A backup of the site's versions alone, with `rows` in the order given. */
async function versionsBackup(name: string, rows: string[], lastId: number): Promise<string> {
  let text = "";
  const writer = new BackupWriter((chunk) => {
    text += chunk;
    return Promise.resolve();
  });
  await writer.begin({
    format: "kalima-backup",
    version: 2,
    createdAt: new Date().toISOString(),
    database: "embedded",
    migration: migrations.at(-1)?.version ?? "",
  });
  await writer.table(
    "public.site_content_versions",
    ["id", "content", "changed", "restored_from"],
    Readable.from(rows.map((row) => `${row}\n`)) as AsyncIterable<string>,
  );
  await writer.finish({ "public.site_content_versions_id_seq": String(lastId) });
  const file = path.join(files, name);
  await writeFile(file, text);
  return file;
}

async function versions(db: Queryable) {
  const { rows } = await db.query<{ id: string | number; restored_from: string | number | null }>(
    "select id, restored_from from public.site_content_versions order by id",
  );
  return rows.map((row) => ({
    id: Number(row.id),
    restored_from: row.restored_from === null ? null : Number(row.restored_from),
  }));
}

// Larger than the batch a restore loads in one COPY, so each row is a statement of its own.
const large = `{"note": "${"x".repeat(5 * 1024 * 1024)}"}`;

describe("restoring a table that refers to itself", () => {
  it("loads a version read before the version it restored", async () => {
    const file = await versionsBackup(
      "restored-first.backup",
      [`2\t${large}\t{}\t1`, `1\t{"note": "first"}\t{}\t\\N`],
      2,
    );
    const target = await migratedTarget();
    const report = await restoreBackup(file, target.open, { migrations, replace: true });
    expect(report.rows["public.site_content_versions"]).toBe(2);
    expect(report.kept).toContain("public.site_content_drafts");
    expect(await versions(target.read)).toEqual([
      { id: 1, restored_from: null },
      { id: 2, restored_from: 1 },
    ]);
    // The reference holds again: a version restoring one that does not exist is refused.
    await expect(
      target.read.query(
        "insert into public.site_content_versions (content, restored_from) values ('{}', 99)",
      ),
    ).rejects.toThrow(/foreign key/u);
  }, 60_000);

  it("refuses a version restoring one the backup does not hold, and keeps what was there", async () => {
    const file = await versionsBackup(
      "dangling.backup",
      [`1\t{"note": "first"}\t{}\t\\N`, `2\t${large}\t{}\t7`],
      2,
    );
    const target = await migratedTarget();
    const before = await versions(target.read);
    await expect(restoreBackup(file, target.open, { migrations, replace: true })).rejects.toThrow(
      /foreign key/u,
    );
    expect(await versions(target.read)).toEqual(before);
  }, 60_000);
});

describe("a file changed between its check and its load", () => {
  it("is refused before anything it holds is committed", async () => {
    const file = await versionsBackup(
      "changed.backup",
      [`1\t{"note": "first"}\t{}\t\\N`, `2\t{"note": "second"}\t{}\t1`],
      2,
    );
    const target = await migratedTarget();
    const before = await versions(target.read);
    const openAfterAChange = async () => {
      const text = await readFile(file, "utf8");
      await writeFile(file, text.replace('"note": "second"', '"note": "altered"'));
      return target.open();
    };
    await expect(
      restoreBackup(file, openAfterAChange, { migrations, replace: true }),
    ).rejects.toThrow(/changed after it was checked/u);
    expect(await versions(target.read)).toEqual(before);
  }, 60_000);
});

describe("a backup that holds stored objects", () => {
  let s3: TestS3Server;
  let storage: StorageBackend;
  beforeAll(async () => {
    for (const [name, value] of Object.entries(s3Credentials)) vi.stubEnv(name, value);
    s3 = await startS3Server();
    storage = s3Backend(s3.settings);
  });
  afterAll(async () => {
    await storage.close();
    await s3.stop();
    vi.unstubAllEnvs();
  });

  // Sizes around the 3 kB a line carries, and one of several lines that ends inside a line.
  const objects = [
    { key: "site-media/قصص/ليلى.jpg/v1", bytes: Buffer.alloc(0) },
    { key: "site-media/programs/voice.png/v1", bytes: Buffer.alloc(3 * 1024, 7) },
    {
      key: "site-media/pages/home.webp/v2",
      bytes: Buffer.from(Array.from({ length: 10_000 }, (_, index) => (index * 31) % 256)),
    },
  ];

  async function objectsBackup(name: string, prefix: string): Promise<string> {
    let text = "";
    const writer = new BackupWriter((chunk) => {
      text += chunk;
      return Promise.resolve();
    });
    await writer.begin({
      format: "kalima-backup",
      version: 2,
      createdAt: new Date().toISOString(),
      database: "embedded",
      migration: migrations.at(-1)?.version ?? "",
      storage: { backend: "file", objects: "held" },
    });
    for (const object of objects) {
      await writer.object(
        `${prefix}${object.key}`,
        object.bytes.length,
        Readable.from([object.bytes]),
      );
    }
    await writer.finish({});
    const file = path.join(files, name);
    await writeFile(file, text);
    return file;
  }

  async function stored(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.read(key)).body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it("writes each object back with the same bytes", async () => {
    const prefix = `${onPostgres() ? "postgres" : "embedded"}-whole/`;
    const file = await objectsBackup("objects.backup", prefix);
    const target = await migratedTarget();
    const report = await restoreBackup(file, target.open, { migrations, replace: true, storage });
    expect(report.objects).toEqual({ count: 3, bytes: 3 * 1024 + 10_000 });
    expect(report.storage).toEqual({ backend: "file", objects: "held" });
    for (const object of objects) {
      expect(await stored(`${prefix}${object.key}`)).toEqual(object.bytes);
    }
  }, 60_000);

  it("refuses an object whose bytes changed, by its key, and writes nothing", async () => {
    const prefix = `${onPostgres() ? "postgres" : "embedded"}-corrupt/`;
    const file = await objectsBackup("corrupt.backup", prefix);
    const text = await readFile(file, "utf8");
    const lines = text.split("\n");
    const at = lines.findIndex((line) => line.includes("programs/voice.png"));
    // The first letter of its base64 changed: its first byte differs, its length does not.
    lines[at + 1] = `A${lines[at + 1]?.slice(1)}`;
    await writeFile(file, lines.join("\n"));
    const target = await migratedTarget();
    let opened = false;
    const open = async () => {
      opened = true;
      return target.open();
    };
    await expect(restoreBackup(file, open, { migrations, replace: true, storage })).rejects.toThrow(
      `the object ${prefix}site-media/programs/voice.png/v1 does not match its recorded SHA-256`,
    );
    expect(opened).toBe(false);
    const left = [];
    for await (const found of storage.list(prefix)) left.push(found.key);
    expect(left).toEqual([]);
  }, 60_000);

  it("taken with STORAGE_BACKEND=s3, names the bucket and how to copy it, holding no object", async () => {
    await storage.write("kept-in-the-bucket/a.png/v1", Readable.from([Buffer.from("a")]), {
      contentType: "image/png",
      cacheControl: "no-cache",
    });
    const source = await migratedTarget();
    const file = path.join(files, `s3-${onPostgres() ? "postgres" : "embedded"}.backup`);
    await source.backUp(file, {
      config: { backend: "s3", ...s3.settings, fileSizeLimit: 1024 },
      backend: storage,
    });
    const checked = await checkBackup(file);
    const copy = `aws s3 sync s3://${s3.bucket} ./kalima-objects --region us-east-1 --endpoint-url ${s3.endpoint}`;
    expect(checked.objects).toEqual([]);
    expect(checked.about.storage).toEqual({
      backend: "s3",
      objects: "in the bucket",
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      copy,
    });
    expect(objectsNote(checked.about.storage)).toBe(
      `The stored objects stay in the S3 bucket ${s3.bucket}: this backup does not hold them. ` +
        `Copy them beside it with: ${copy}\n`,
    );
  }, 60_000);

  it("is refused when no storage is given to write its objects to", async () => {
    const file = await objectsBackup("no-storage.backup", "nowhere/");
    const target = await migratedTarget();
    await expect(restoreBackup(file, target.open, { migrations, replace: true })).rejects.toThrow(
      "The backup holds 3 stored objects, and no storage was given to write them to",
    );
  }, 60_000);
});

describe("a backup of format 1, from before stored objects", () => {
  it("is restored, holding no objects", async () => {
    const file = await versionsBackup("format-1.backup", [`1\t{"note": "first"}\t{}\t\\N`], 1);
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    const end = JSON.parse(lines.pop()?.slice("-- end ".length) ?? "{}") as Record<string, unknown>;
    lines[0] = firstLine.replace("format 2", "format 1").replace(" and stored files", "");
    lines[1] = (lines[1] ?? "").replace('"version":2', '"version":1');
    const body = `${lines.join("\n")}\n`;
    delete end.objects;
    end.sha256 = createHash("sha256").update(body).digest("hex");
    await writeFile(file, `${body}-- end ${JSON.stringify(end)}\n`);
    const target = await migratedTarget();
    const report = await restoreBackup(file, target.open, { migrations, replace: true });
    expect(report).toMatchObject({ objects: { count: 0, bytes: 0 }, storage: undefined });
    expect(await versions(target.read)).toEqual([{ id: 1, restored_from: null }]);
  }, 60_000);
});
