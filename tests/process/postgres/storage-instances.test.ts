import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { s3Backend } from "../../../src/server/storage/s3-backend.ts";
import { clientAt, processJwtSecret, processKeys } from "../../support/api.ts";
import { twoColourImage } from "../../support/images.ts";
import { createDatabase, type TestDatabase } from "../../support/postgres-databases.ts";
import { s3Credentials, startS3Server, type TestS3Server } from "../../support/s3-server.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../../support/spawn-server.ts";

// Two instances behind one load balancer, on one PostgreSQL and one S3 bucket: neither keeps an
// object's bytes of its own, so what is uploaded through one is read and removed through the
// other (photos transformed through it too), and the bucket is left with nothing.

// Compared by hash: a deep equality of megabytes, element by element, takes seconds.
function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

let database: TestDatabase;
let s3: TestS3Server;
let dataDirs: string[];
let first: RunningServer;
let second: RunningServer;

beforeAll(async () => {
  database = await createDatabase("storage-instances");
  s3 = await startS3Server();
  dataDirs = await Promise.all([makeDataDir(), makeDataDir()]);
  const env = {
    DATABASE_URL: database.url,
    JWT_SECRET: processJwtSecret,
    LOG_REQUESTS: "false",
    API_RATE_LIMIT: "0",
    ...s3.env,
  };
  const [one, two] = dataDirs;
  first = await spawnServer(env, one ?? "");
  second = await spawnServer(env, two ?? "");
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
  await s3?.stop();
  await Promise.all((dataDirs ?? []).map(removeDataDir));
});

async function keysInBucket(): Promise<string[]> {
  for (const [name, value] of Object.entries(s3Credentials)) vi.stubEnv(name, value);
  const backend = s3Backend(s3.settings);
  try {
    const keys: string[] = [];
    for await (const found of backend.list("")) keys.push(found.key);
    return keys;
  } finally {
    await backend.close();
    vi.unstubAllEnvs();
  }
}

describe("two instances on one PostgreSQL with STORAGE_BACKEND=s3", () => {
  it("neither warns that its files are its own", () => {
    for (const instance of [first, second]) {
      expect(instance.output()).not.toContain("must use STORAGE_BACKEND=s3");
    }
  });

  it("read and remove through one an object uploaded through the other", async () => {
    const { service_role } = await processKeys();
    const one = clientAt(first.url, service_role).storage;
    const two = clientAt(second.url, service_role).storage;
    expect((await one.createBucket("shared", { public: false })).error).toBeNull();
    const bytes = randomBytes(6 * 1024 * 1024 + 5);
    const uploaded = await one.from("shared").upload("صور/across.jpg", bytes, {
      contentType: "image/jpeg",
    });
    expect(uploaded.error).toBeNull();
    expect(await keysInBucket()).toEqual([expect.stringMatching(/^shared\/صور\/across\.jpg\/.+/u)]);

    const downloaded = await two.from("shared").download("صور/across.jpg");
    expect(downloaded.error).toBeNull();
    expect(sha256(Buffer.from(await downloaded.data!.arrayBuffer()))).toBe(sha256(bytes));

    const removed = await two.from("shared").remove(["صور/across.jpg"]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    const gone = await one.from("shared").download("صور/across.jpg");
    expect(gone.error).not.toBeNull();
    expect(await keysInBucket()).toEqual([]);
  }, 60_000);

  it("transform through one a photo uploaded through the other", async () => {
    const { service_role } = await processKeys();
    const one = clientAt(first.url, service_role).storage;
    const two = clientAt(second.url, service_role).storage;
    const bucket = "photos";
    const types = ["image/jpeg", "image/png", "image/webp", "image/avif"];
    expect(
      (await one.createBucket(bucket, { public: true, allowedMimeTypes: types })).error,
    ).toBeNull();
    const photo = await twoColourImage("png", 640, 320);
    const uploaded = await one
      .from(bucket)
      .upload("stage.png", photo, { contentType: "image/png" });
    expect(uploaded.error).toBeNull();

    const { publicUrl } = two.from(bucket).getPublicUrl("stage.png", {
      transform: { width: 160, height: 90, resize: "cover" },
    }).data;
    expect(publicUrl.startsWith(second.url)).toBe(true);
    const response = await fetch(publicUrl, { headers: { accept: "image/webp,*/*" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const variant = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(["webp", 160, 90]);

    expect((await two.from(bucket).remove(["stage.png"])).error).toBeNull();
    const gone = await fetch(one.from(bucket).getPublicUrl("stage.png").data.publicUrl);
    expect(gone.status).toBe(400);
    expect(await keysInBucket()).toEqual([]);
  }, 60_000);
});
