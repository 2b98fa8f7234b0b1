import { Readable } from "node:stream";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import { rssGrowth } from "../support/rss.ts";
import { uniqueBucket } from "../support/storage.ts";

// A 50 MB upload streams through our server to the disk and back: the process never holds it
// whole. Measured in this process, where our server runs, so only against our own server.
const megabyte = 1024 * 1024;
const size = 50 * megabyte;
let target: ContractTarget;
let service: SupabaseClient;
const bucket = uniqueBucket("large");

beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
  expect((await service.storage.createBucket(bucket)).error).toBeNull();
});
afterAll(async () => {
  await service.storage.emptyBucket(bucket);
  await service.storage.deleteBucket(bucket);
  await target.close();
});

// The size of the chunks a socket hands the server.
const chunkSize = 64 * 1024;

/** `total` bytes made a chunk at a time as they are read, never all at once. */
function generated(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(Math.min(chunkSize, total - sent), sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("a 50 MB upload", () => {
  it("streams to the disk and back, the process growing by far less than the file", async ({
    annotate,
  }) => {
    // A running server has served uploads before: the first one sizes V8's heap, once.
    const warmUp = await service.storage
      .from(bucket)
      .upload("warm-up.bin", generated(8 * megabyte), { contentType: "application/octet-stream" });
    expect(warmUp.error).toBeNull();
    const upload = await rssGrowth(() =>
      service.storage
        .from(bucket)
        .upload("video.bin", generated(size), { contentType: "application/octet-stream" }),
    );
    expect(upload.value.error).toBeNull();
    const download = await rssGrowth(async () => {
      const response = await target.fetch(`${target.url}/storage/v1/object/${bucket}/video.bin`, {
        headers: {
          apikey: target.serviceRoleKey,
          authorization: `Bearer ${target.serviceRoleKey}`,
        },
      });
      let received = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.byteLength;
      }
      return received;
    });
    expect(download.value).toBe(size);
    const info = await service.storage.from(bucket).info("video.bin");
    expect(info.data?.size).toBe(size);
    const uploadGrowth = upload.growth / megabyte;
    const downloadGrowth = download.growth / megabyte;
    await annotate(
      `RSS grew by at most ${uploadGrowth.toFixed(1)} MB uploading and ${downloadGrowth.toFixed(1)} MB downloading ${size / megabyte} MB`,
    );
    expect(uploadGrowth).toBeLessThan(30);
    expect(downloadGrowth).toBeLessThan(30);
    // A full collection every 20 ms is slow on a busy 2-core machine; the bound is on memory.
  }, 360_000);
});
