// An S3-compatible server for the tests: s3rver on a free loopback port, with a fresh folder
// and one bucket, stopped (and its folder removed) by stop().
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { S3Settings } from "../../src/server/storage/s3-backend.ts";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings s3Backend takes for this server's bucket. */
  settings: S3Settings;
  /** The server's environment for this bucket: STORAGE_BACKEND=s3 and the rest. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's own credentials: it refuses any other access key (it does not check v4 signatures). */
export const s3Credentials = {
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
} as const;

export async function startS3Server(bucket = "kalima-objects"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "kalima-s3-"));
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      path.resolve("tests/support/s3-server-process.mjs"),
      directory,
      bucket,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  const port = await Promise.race([
    (async () => {
      for await (const line of lines) {
        const found = /^\{"port":(\d+)\}$/u.exec(line)?.[1];
        if (found) return Number(found);
      }
      return undefined;
    })(),
    exited.then(() => undefined),
  ]);
  if (port === undefined) {
    await rm(directory, { recursive: true, force: true });
    throw new Error(`the test S3 server did not start:\n${errors}`);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket, endpoint, region: "us-east-1", forcePathStyle: true };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      STORAGE_BACKEND: "s3",
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_REGION: settings.region,
      STORAGE_S3_FORCE_PATH_STYLE: "true",
      ...s3Credentials,
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
