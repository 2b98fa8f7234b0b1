/**
 * A refusal of the image code, in the four fields of Supabase Storage's error body, so the
 * storage routes answer it as they answer their own (`statusCode` names the kind; the HTTP
 * status is 400 for a client's error unless `status` says otherwise).
 */
export class ImageError extends Error {
  override name = "ImageError";

  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    readonly status: number = statusCode >= 500 ? 500 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const megapixel = 1_000_000;

// Supabase Storage's codes and words where it has them (src/internal/errors/codes.ts, the
// renderer's imgproxy errors in src/storage/renderer/image.ts); ours added after a colon.
export const imageError = {
  /** Bytes that are not one of the accepted formats, named by what they are. */
  notAnImage: (mimeType: string, what: string, why = "") =>
    new ImageError(
      415,
      "InvalidMimeType",
      "invalid_mime_type",
      `mime type ${mimeType} is not supported: the file is ${what}, not a JPEG, PNG, WebP or AVIF image${why}`,
    ),
  /** Bytes that begin as an accepted format and cannot be read as one. */
  unreadable: (mimeType: string, format: string) =>
    new ImageError(
      415,
      "InvalidMimeType",
      "invalid_mime_type",
      `mime type ${mimeType} is not supported: the file begins as a ${format} image but cannot be read as one`,
    ),
  animated: () =>
    new ImageError(
      400,
      "InvalidRequest",
      "InvalidRequest",
      "Animated images are not supported: upload a still image",
    ),
  tooManyPixels: (width: number, height: number, maxPixels: number, maxSide: number) =>
    new ImageError(
      413,
      "EntityTooLarge",
      "Payload too large",
      `The image is ${width} × ${height} pixels (${Math.round((width * height) / megapixel)} megapixels): ` +
        `the largest taken is ${maxPixels / megapixel} megapixels and ${maxSide} pixels a side`,
    ),
  /** A copy or move would bring bytes no check has seen into a bucket whose uploads are checked. */
  uncheckedTransfer: (bucketId: string, cleaned: boolean) =>
    new ImageError(
      400,
      "InvalidRequest",
      "InvalidRequest",
      `Objects enter ${bucketId} by upload, where their bytes are ${cleaned ? "checked and cleaned" : "checked"}: upload it there instead of copying or moving it from a bucket that takes other types`,
    ),
  /** A copy or move would bring a photo that kept its metadata into a bucket that cleans them. */
  uncleanedTransfer: (bucketId: string) =>
    new ImageError(
      400,
      "InvalidRequest",
      "InvalidRequest",
      `Objects enter ${bucketId} by upload, where their bytes are checked and cleaned: upload it there instead of copying or moving it from a bucket that keeps photos as sent`,
    ),
  /** A transform's parameter, in the words Fastify's schema check gives Supabase Storage. */
  invalidParameter: (message: string) =>
    new ImageError(400, "InvalidRequest", "FastifyError", message),
  sourceUnsupported: () =>
    new ImageError(
      400,
      "InvalidRequest",
      "InvalidRequest",
      "The source image is invalid or unsupported for rendering",
    ),
  sourceResolutionTooLarge: () =>
    new ImageError(
      400,
      "InvalidRequest",
      "InvalidRequest",
      "The source image resolution is too large to process",
    ),
  sourceFileTooLarge: () =>
    new ImageError(
      400,
      "InvalidRequest",
      "InvalidRequest",
      "The source image file is too large to process",
    ),
  /** Every render slot and queue place taken: imgproxy's 429, as Supabase passes it on. */
  renderQueueFull: () =>
    new ImageError(429, "InvalidRequest", "InvalidRequest", "Too many requests", 429, {
      "Retry-After": "1",
    }),
  /**
   * The client closed its request before its render began: the render is not done. Nobody reads
   * the answer; 499 is the status proxies log for it.
   */
  requesterGone: () =>
    new ImageError(
      499,
      "RequestCancelled",
      "RequestCancelled",
      "The client closed the request before its render",
      499,
    ),
  /** The render routes' own limit (Supabase's render rate limiter, @fastify/rate-limit's words). */
  rateLimited: (retryAfterSeconds: number) =>
    new ImageError(
      429,
      "SlowDown",
      "Too Many Requests",
      `Rate limit exceeded, retry in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}`,
      429,
      { "Retry-After": String(retryAfterSeconds) },
    ),
};
