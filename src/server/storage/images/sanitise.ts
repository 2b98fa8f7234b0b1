import type { Sharp } from "sharp";
import { imageError } from "./errors.ts";
import {
  formatNames,
  inspectImage,
  openImage,
  type ImageFacts,
  type ImageFormat,
} from "./inspect.ts";

export interface SanitisedImage extends ImageFacts {
  bytes: Buffer;
}

/** High quality, so the one stored copy loses nothing a viewer sees. */
function encode(pipeline: Sharp, format: ImageFormat, lossless: boolean): Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 90, mozjpeg: true });
    case "png":
      return pipeline.png();
    case "webp":
      return pipeline.webp(lossless ? { lossless: true } : { quality: 90 });
    case "avif":
      return pipeline.avif({ quality: 75, effort: 4 });
  }
}

/**
 * Re-encodes an accepted image in its own format with its EXIF orientation applied to the
 * pixels and nothing else of what came with it: no EXIF (the place it was taken, the camera's
 * serial), no XMP, no IPTC, and colours converted to sRGB with the profile dropped (sharp's
 * default when no metadata is asked to be kept). Throws what inspectImage throws, and the
 * same refusal for an image whose header reads well and whose pixels do not (a truncated file).
 */
export async function sanitiseImage(bytes: Uint8Array): Promise<SanitisedImage> {
  const facts = await inspectImage(bytes);
  let encoded;
  try {
    encoded = await encode(openImage(bytes).autoOrient(), facts.format, facts.lossless).toBuffer({
      resolveWithObject: true,
    });
  } catch {
    throw imageError.unreadable(facts.mimeType, formatNames[facts.format]);
  }
  const { data, info } = encoded;
  return { ...facts, width: info.width, height: info.height, bytes: data };
}
