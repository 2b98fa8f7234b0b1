import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAt, processKeys } from "../support/api.ts";
import { onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import { startS3Server, type TestS3Server } from "../support/s3-server.ts";
import { runServerCommand, spawnServer, type RunningServer } from "../support/spawn-server.ts";

// Stored objects in the backup: on the file backend every object's bytes travel in the file,
// checked by size and SHA-256, and come back byte for byte in a new DATA_DIR; a changed object
// is refused by its key and leaves nothing behind; on S3 the backup says the objects stayed in
// the bucket, and how to copy them.

// Compared by hash: a deep equality of megabytes, element by element, takes seconds.
function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const source = onPostgres() ? "PostgreSQL" : "the embedded database";
const bucket = "backup-drill";
const objects = [
  { name: "قصص/ليلى.jpg", bytes: randomBytes(1024 * 1024 + 17), type: "image/jpeg" },
  { name: "programs/voice.png", bytes: randomBytes(3 * 1024), type: "image/png" },
];

async function files(folder: string): Promise<string[]> {
  const found = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe(`stored objects in a backup, from ${source}`, () => {
  let place: ProcessEnvironment;
  let folder: string;
  let server: RunningServer;
  let backupFile: string;
  let backedUp: { stdout: string; stderr: string };
  const targets: ProcessEnvironment[] = [];
  const keys = processKeys();

  beforeAll(async () => {
    place = await processEnvironment("backup-objects");
    folder = await mkdtemp(path.join(tmpdir(), "kalima-backup-objects-"));
    server = await spawnServer(place.env, place.dataDir);
    const service = clientAt(server.url, (await keys).service_role);
    expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
    for (const object of objects) {
      const uploaded = await service.storage
        .from(bucket)
        .upload(object.name, object.bytes, { contentType: object.type });
      expect(uploaded.error).toBeNull();
    }
    backupFile = path.join(folder, "site.backup");
    backedUp = await runServerCommand("backup", ["--output", backupFile], place.env, place.dataDir);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await place?.remove();
    for (const target of targets) await target.remove();
    await rm(folder, { recursive: true, force: true });
  });

  it("counts the objects it carries", () => {
    expect(backedUp.stderr).toBe("");
    const bytes = objects.reduce((sum, object) => sum + object.bytes.length, 0);
    expect(backedUp.stdout).toContain(`, 2 stored objects (${bytes} bytes), in `);
  });

  it("restores them into a new DATA_DIR with the same bytes", async () => {
    const target = await processEnvironment("backup-objects-target", {}, { empty: true });
    targets.push(target);
    const restored = await runServerCommand("restore", [backupFile], target.env, target.dataDir);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain(
      "Stored objects written back, each checked against its size and SHA-256: 2",
    );
    const again = await spawnServer(target.env, target.dataDir);
    try {
      const service = clientAt(again.url, (await keys).service_role);
      for (const object of objects) {
        const { data, error } = await service.storage.from(bucket).download(object.name);
        expect(error).toBeNull();
        expect(sha256(Buffer.from(await data!.arrayBuffer()))).toBe(sha256(object.bytes));
      }
    } finally {
      await again.stop();
    }
  }, 120_000);

  it("refuses a backup whose object changed, by its key, leaving nothing", async () => {
    const lines = (await readFile(backupFile, "utf8")).split("\n");
    const at = lines.findIndex(
      (line) => line.startsWith("-- object ") && line.includes("voice.png"),
    );
    const line = lines[at + 1] ?? "";
    lines[at + 1] = `${line[0] === "A" ? "B" : "A"}${line.slice(1)}`;
    const changed = path.join(folder, "changed.backup");
    await writeFile(changed, lines.join("\n"));
    const target = await processEnvironment("backup-objects-changed", {}, { empty: true });
    targets.push(target);
    const restored = await runServerCommand("restore", [changed], target.env, target.dataDir);
    expect(restored.code).not.toBe(0);
    expect(restored.stderr).toMatch(
      new RegExp(
        `the object ${bucket}/programs/voice\\.png/[^ ]+ does not match its recorded SHA-256`,
        "u",
      ),
    );
    expect(await files(path.join(target.dataDir, "storage"))).toEqual([]);
  }, 60_000);
});

describe(`a backup with STORAGE_BACKEND=s3, from ${source}`, () => {
  let s3: TestS3Server;
  let place: ProcessEnvironment;
  let folder: string;
  let server: RunningServer;

  beforeAll(async () => {
    s3 = await startS3Server();
    place = await processEnvironment("backup-s3", s3.env);
    folder = await mkdtemp(path.join(tmpdir(), "kalima-backup-s3-"));
    server = await spawnServer(place.env, place.dataDir);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await place?.remove();
    await s3?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("says plainly that the objects stay in the bucket, and how to copy them", async () => {
    const service = clientAt(server.url, (await processKeys()).service_role);
    expect((await service.storage.createBucket(bucket)).error).toBeNull();
    const uploaded = await service.storage.from(bucket).upload("a.png", randomBytes(100), {
      contentType: "image/png",
    });
    expect(uploaded.error).toBeNull();
    const backupFile = path.join(folder, "site.backup");
    const backedUp = await runServerCommand(
      "backup",
      ["--output", backupFile],
      place.env,
      place.dataDir,
    );
    expect(backedUp.code).toBe(0);
    const copy = `aws s3 sync s3://${s3.bucket} ./kalima-objects --region us-east-1 --endpoint-url ${s3.endpoint}`;
    expect(backedUp.stdout).toContain(
      `The stored objects stay in the S3 bucket ${s3.bucket}: this backup does not hold them. Copy them beside it with: ${copy}`,
    );
    const about = JSON.parse(
      (await readFile(backupFile, "utf8")).split("\n")[1]!.slice("-- about ".length),
    ) as {
      storage: unknown;
    };
    expect(about.storage).toEqual({
      backend: "s3",
      objects: "in the bucket",
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      copy,
    });
  }, 60_000);
});
