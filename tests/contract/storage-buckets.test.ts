import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { expectStorageError, storedFiles, uniqueBucket } from "../support/storage.ts";

// Buckets through supabase-js: list, get, create, update, empty, delete, as Supabase answers.
let target: ContractTarget;
let service: SupabaseClient;
let anon: SupabaseClient;
beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  anon = clientFor(target, target.anonKey);
});
afterAll(() => target.close());

describe("a bucket", () => {
  it("is created with its settings, read, listed and updated", async () => {
    const id = uniqueBucket("photos");
    const made = await service.storage.createBucket(id, {
      public: true,
      fileSizeLimit: "1MB",
      allowedMimeTypes: ["image/png", "image/*"],
    });
    expect(made.error).toBeNull();
    expect(made.data).toEqual({ name: id });
    const read = await service.storage.getBucket(id);
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({
      id,
      name: id,
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ["image/png", "image/*"],
    });
    const listed = await service.storage.listBuckets();
    expect(listed.data!.map((bucket) => bucket.id)).toContain(id);
    const updated = await service.storage.updateBucket(id, {
      public: false,
      fileSizeLimit: 2048,
      allowedMimeTypes: ["text/plain"],
    });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ message: "Successfully updated" });
    expect((await service.storage.getBucket(id)).data).toMatchObject({
      public: false,
      file_size_limit: 2048,
      allowed_mime_types: ["text/plain"],
    });
    expect((await service.storage.deleteBucket(id)).data).toEqual({
      message: "Successfully deleted",
    });
  });

  it("refuses a second bucket of the same id, and an unknown one is Bucket not found", async () => {
    const id = uniqueBucket("twice");
    expect((await service.storage.createBucket(id)).error).toBeNull();
    const again = await service.storage.createBucket(id);
    expectStorageError(again.error, {
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    await service.storage.deleteBucket(id);
    for (const answer of [
      await service.storage.getBucket(id),
      await service.storage.updateBucket(id, { public: true }),
      await service.storage.emptyBucket(id),
      await service.storage.deleteBucket(id),
    ]) {
      expectStorageError(answer.error, {
        status: 400,
        statusCode: "404",
        message: "Bucket not found",
      });
    }
  });

  it("refuses deleting a bucket that holds objects; emptied, it goes", async () => {
    const id = uniqueBucket("full");
    await service.storage.createBucket(id);
    await service.storage.from(id).upload("a/b.txt", "b");
    await service.storage.from(id).upload("c.txt", "c");
    const refused = await service.storage.deleteBucket(id);
    expectStorageError(refused.error, {
      status: 400,
      statusCode: "409",
      message: "The bucket you tried to delete is not empty",
    });
    expect((await service.storage.getBucket(id)).error).toBeNull();
    const emptied = await service.storage.emptyBucket(id);
    expect(emptied.error).toBeNull();
    expect((await service.storage.from(id).list()).data).toEqual([]);
    expect(await storedFiles(target, id)).toEqual([]);
    expect((await service.storage.deleteBucket(id)).error).toBeNull();
  });

  it("is not anon's to create, see or delete without a policy", async () => {
    const id = uniqueBucket("anon");
    const made = await anon.storage.createBucket(id);
    expectStorageError(made.error, {
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    expect((await service.storage.getBucket(id)).error).not.toBeNull();
    const own = uniqueBucket("owned");
    await service.storage.createBucket(own);
    expectStorageError((await anon.storage.getBucket(own)).error, {
      status: 400,
      statusCode: "404",
      message: "Bucket not found",
    });
    expect((await anon.storage.deleteBucket(own)).error).not.toBeNull();
    expect((await service.storage.getBucket(own)).error).toBeNull();
    await service.storage.deleteBucket(own);
  });

  it("names are Supabase's: one with a slash is refused and nothing is made", async () => {
    const made = await service.storage.createBucket("a/b");
    expectStorageError(made.error, {
      status: 400,
      statusCode: "400",
      message: "Bucket name invalid",
    });
    const listed = await service.storage.listBuckets();
    expect(listed.data!.map((bucket) => bucket.id)).not.toContain("a/b");
  });
});
