import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3-server.ts";
import { ConfigError, loadConfig } from "../config.ts";
import type { Logger } from "../log.ts";
import { checkStorage } from "./check-storage.ts";

function recordingLog(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => {}, error: () => {}, warn: (message) => warnings.push(message) };
}

describe("checkStorage at start", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3.stop();
  });

  function withS3(overrides: Record<string, string> = {}) {
    const env = { ...s3.env, ...overrides };
    for (const name of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const) {
      vi.stubEnv(name, env[name]);
    }
    return loadConfig(env);
  }

  it("starts when the bucket answers", async () => {
    const log = recordingLog();
    await checkStorage(withS3(), log);
    expect(log.warnings).toEqual([]);
  });

  it.each([
    [
      "a bucket that does not exist",
      { STORAGE_S3_BUCKET: "nowhere" },
      /STORAGE_S3_BUCKET=nowhere.*it does not exist/u,
    ],
    [
      "refused credentials",
      { AWS_ACCESS_KEY_ID: "NOBODY" },
      /AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY\) are refused/u,
    ],
    [
      "a store that does not answer",
      { STORAGE_S3_ENDPOINT: "http://127.0.0.1:9" },
      /STORAGE_S3_ENDPOINT=http:\/\/127\.0\.0\.1:9/u,
    ],
  ])(
    "stops the start, naming the setting, for %s",
    async (_case, overrides, message) => {
      const refusal = await checkStorage(withS3(overrides), recordingLog()).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toMatch(message);
      expect((refusal as Error).message).toMatch(/^STORAGE_BACKEND is s3/u);
    },
    30_000,
  );

  it("warns a server on PostgreSQL that keeps files on its own disk", async () => {
    const log = recordingLog();
    await checkStorage(loadConfig({ DATABASE_URL: "postgres://kalima@db.example/kalima" }), log);
    expect(log.warnings).toEqual([expect.stringContaining("must use STORAGE_BACKEND=s3")]);
    const embedded = recordingLog();
    await checkStorage(loadConfig({}), embedded);
    expect(embedded.warnings).toEqual([]);
  });
});
