// One S3-compatible server (s3rver) per run for the projects whose test servers keep bytes in
// S3 (TEST_STORAGE_BACKEND=s3): each test server makes a bucket of its own on it.
import type { TestProject } from "vitest/node";
import type { S3Settings } from "../../src/server/storage/s3-backend.ts";
import { startS3Server } from "./s3-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    s3Storage: Omit<S3Settings, "bucket">;
  }
}

export default async function setup(project: TestProject) {
  const server = await startS3Server();
  const { endpoint, region, forcePathStyle } = server.settings;
  project.provide("s3Storage", { endpoint, region, forcePathStyle });
  return () => server.stop();
}
