import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import type { StorageConfig } from "../config.ts";
import { errorMessage } from "../../shared/error-message.ts";
import {
  StoredBytesMissing,
  type ByteRange,
  type ReadBytes,
  type StorageBackend,
  type StoredBytes,
  type WriteOptions,
} from "./backend.ts";

export type S3Settings = Pick<
  Extract<StorageConfig, { backend: "s3" }>,
  "bucket" | "endpoint" | "region" | "forcePathStyle"
>;

export interface S3Backend extends StorageBackend {
  readonly kind: "s3";
  /** Rejects, naming the setting to look at, when the bucket cannot be reached (HeadBucket). */
  checkBucket(): Promise<void>;
}

// Parts of 5 MB (S3's least), one sent while the next is read: a write holds a few parts of its
// body however long it is (about 25 MB measured for 50 MB; two in flight held 35).
const partSize = 5 * 1024 * 1024;
const partsInFlight = 1;
// DeleteObjects takes at most this many keys a call.
const keysPerDelete = 1000;

/** S3 answers a missing key with NoSuchKey on GET and CopyObject, a bare 404 on HEAD. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === "NoSuchKey" ||
    error.name === "NotFound" ||
    error.$metadata.httpStatusCode === 404
  );
}

/** CopySource is `bucket/key`, URL-encoded, with the key's slashes kept as they are. */
function copySource(bucket: string, key: string): string {
  return [bucket, ...key.split("/")].map(encodeURIComponent).join("/");
}

function rangeHeader(range: ByteRange): string {
  return `bytes=${range.start}-${range.end ?? ""}`;
}

/**
 * Objects' bytes in one S3 bucket (AWS, R2, MinIO, Ceph), under the same keys the file backend
 * uses as paths. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, or the machine's role).
 */
export function s3Backend(settings: S3Settings): S3Backend {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // The SDK's default CRC32 trailers on every upload are refused by several S3-compatible
    // stores (older MinIO and Ceph among them); checksums are sent where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const bucket = settings.bucket;

  async function head(key: string): Promise<StoredBytes> {
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        size: found.ContentLength ?? 0,
        eTag: found.ETag ?? "",
        lastModified: found.LastModified ?? new Date(),
      };
    } catch (error) {
      if (isMissing(error)) throw new StoredBytesMissing(key);
      throw error;
    }
  }

  async function get(key: string, range: ByteRange | undefined): Promise<ReadBytes> {
    const found = await client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        Range: range ? rangeHeader(range) : undefined,
      }),
    );
    const size = found.ContentRange
      ? Number(found.ContentRange.slice(found.ContentRange.lastIndexOf("/") + 1))
      : (found.ContentLength ?? 0);
    return {
      body: found.Body as Readable,
      size,
      eTag: found.ETag ?? "",
      lastModified: found.LastModified ?? new Date(),
      contentRange: range ? found.ContentRange : undefined,
    };
  }

  async function read(key: string, range?: ByteRange): Promise<ReadBytes> {
    try {
      return await get(key, range);
    } catch (error) {
      if (isMissing(error)) throw new StoredBytesMissing(key);
      throw error;
    }
  }

  return {
    kind: "s3",

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const where = settings.endpoint ? ` at STORAGE_S3_ENDPOINT=${settings.endpoint}` : "";
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0;
        const reason =
          status === 404
            ? "it does not exist"
            : status === 403 || status === 401
              ? "the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) are refused"
              : errorMessage(error);
        throw new Error(
          `STORAGE_BACKEND is s3, and the bucket STORAGE_S3_BUCKET=${bucket}${where} ` +
            `(STORAGE_S3_REGION=${settings.region}) cannot be used: ${reason}`,
        );
      }
    },

    async write(key: string, body: Readable, options: WriteOptions): Promise<StoredBytes> {
      options.signal?.throwIfAborted();
      const upload = new Upload({
        client,
        partSize,
        queueSize: partsInFlight,
        // A failed multipart upload is aborted, so its parts neither linger nor cost.
        leavePartsOnError: false,
        params: {
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
        },
      });
      // The body's own failure is the write's reason, even when aborting the multipart upload
      // then fails too (its parts are then left for the bucket's lifecycle rule to clear).
      let bodyFailure: unknown;
      body.once("error", (error) => (bodyFailure = error));
      const abort = () => {
        body.destroy();
        void upload.abort();
      };
      options.signal?.addEventListener("abort", abort, { once: true });
      try {
        await upload.done();
      } catch (error) {
        // A multipart upload is never completed once it fails, but a single PUT that S3 took
        // before the failure was seen is: remove it, so a failed write leaves nothing.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => {});
        throw options.signal?.aborted ? options.signal.reason : (bodyFailure ?? error);
      } finally {
        options.signal?.removeEventListener("abort", abort);
      }
      return head(key);
    },

    read,

    head,

    async copy(from: string, to: string): Promise<StoredBytes> {
      try {
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: copySource(bucket, from) }),
        );
      } catch (error) {
        if (isMissing(error)) throw new StoredBytesMissing(from);
        throw error;
      }
      return head(to);
    },

    async remove(keys: string[]): Promise<void> {
      for (let first = 0; first < keys.length; first += keysPerDelete) {
        const batch = keys.slice(first, first + keysPerDelete);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
          }),
        );
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
        if (failed.length > 0) {
          const named = failed.map((error) => `${error.Key} (${error.Code})`).join(", ");
          throw new Error(`S3 did not remove ${failed.length} of ${batch.length} keys: ${named}`);
        }
      }
    },

    async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const found of page.Contents ?? []) {
          if (found.Key !== undefined) yield { key: found.Key, size: found.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    close(): Promise<void> {
      client.destroy();
      return Promise.resolve();
    },
  };
}
