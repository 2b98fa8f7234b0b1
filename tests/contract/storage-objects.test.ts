import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";

// Objects through supabase-js's storage client: upload, download, info, exists, list, remove,
// with the answers Supabase Storage gives.
let target: ContractTarget;
let service: SupabaseClient;
const bucket = `objects-${Date.now().toString(36)}`;

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  const made = await service.storage.createBucket(bucket, { public: false });
  expect(made.error).toBeNull();
});
afterAll(async () => {
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
  await target.close();
});

describe("an upload", () => {
  it("stores a Blob sent as form data and reads it back", async () => {
    const files = service.storage.from(bucket);
    const uploaded = await files.upload(
      "notes/hello.txt",
      new Blob(["hello world"], { type: "text/plain" }),
    );
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({
      path: "notes/hello.txt",
      fullPath: `${bucket}/notes/hello.txt`,
    });
    const downloaded = await files.download("notes/hello.txt");
    expect(downloaded.error).toBeNull();
    expect(await downloaded.data!.text()).toBe("hello world");
  });
});
