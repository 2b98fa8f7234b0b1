import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { imageError } from "./errors.ts";

export const imageFormats = ["jpeg", "png", "webp", "avif"] as const;
export type ImageFormat = (typeof imageFormats)[number];

export const imageMimeTypes: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

export const formatNames: Record<ImageFormat, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
};

/**
 * The largest image decoded: 50 megapixels (a 48 MP phone photo, 8000 × 6000, passes; so does
 * anything a phone or a camera short of medium format takes), the bound Supabase's hosted
 * transforms set. At four bytes a pixel that is 200 MB at most for one decode, which a small
 * server holds with one render at a time; a bomb that asks for gigabytes is refused from its
 * header.
 */
export const maxInputPixels = 50_000_000;
/** No side longer than WebP can encode (16,383) or a browser's canvas is sure to take. */
export const maxInputSide = 16_384;

/** What the bytes are, read from the header alone. */
export interface ImageFacts {
  format: ImageFormat;
  mimeType: string;
  /** As the image is shown, its EXIF orientation applied. */
  width: number;
  height: number;
  /** A WebP in its lossless coding, which a re-encode keeps lossless. */
  lossless: boolean;
}

type Sniffed =
  | { kind: "image"; format: ImageFormat; lossless: boolean }
  | { kind: "other"; mimeType: string; what: string; why?: string };

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString(
    "latin1",
  );
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The major and compatible brands of an ISO media file's `ftyp` box, or none. */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const size = Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0);
  const end = Math.min(bytes.length, Math.max(16, size));
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

const heicBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);

const textControls = new Set(["\t", "\n", "\r"]);

/** A control character other than tab and line ends, or a byte that is not UTF-8: binary. */
function isBinaryCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code < 0x20 && !textControls.has(character)) || code === 0xfffd;
}

/** Text that no image format begins with: markup, or words. */
function sniffText(bytes: Uint8Array): Sniffed | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096));
  const text = head.toString("utf8").replace(/^\uFEFF/u, "");
  const lower = text.toLowerCase();
  if (/<svg[\s>]/u.test(lower)) {
    return {
      kind: "other",
      mimeType: "image/svg+xml",
      what: "an SVG image",
      why: ": SVG can carry scripts",
    };
  }
  if (/^\s*(<!doctype html|<html[\s>])/u.test(lower)) {
    return { kind: "other", mimeType: "text/html", what: "an HTML document" };
  }
  if (![...text].some(isBinaryCharacter)) {
    return { kind: "other", mimeType: "text/plain", what: "text" };
  }
  return undefined;
}

/** What the bytes are, by their magic numbers alone; the declared type plays no part. */
function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return { kind: "other", mimeType: "application/x-empty", what: "empty" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: "image", format: "jpeg", lossless: false };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "image", format: "png", lossless: true };
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { kind: "image", format: "webp", lossless: ascii(bytes, 12, 16) === "VP8L" };
  }
  const brands = isoBrands(bytes);
  if (brands.includes("avif") || brands.includes("avis")) {
    return { kind: "image", format: "avif", lossless: false };
  }
  if (brands.some((brand) => heicBrands.has(brand))) {
    return { kind: "other", mimeType: "image/heic", what: "a HEIC photo" };
  }
  if (brands.includes("mif1") || brands.includes("msf1")) {
    return { kind: "other", mimeType: "image/heif", what: "a HEIF image" };
  }
  if (ascii(bytes, 0, 4) === "GIF8")
    return { kind: "other", mimeType: "image/gif", what: "a GIF image" };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { kind: "other", mimeType: "image/tiff", what: "a TIFF image" };
  }
  if (ascii(bytes, 0, 5) === "%PDF-")
    return { kind: "other", mimeType: "application/pdf", what: "a PDF document" };
  return (
    sniffText(bytes) ?? {
      kind: "other",
      mimeType: "application/octet-stream",
      what: "of an unknown kind",
    }
  );
}

/** A sharp pipeline over untrusted bytes, bounded so that no decode exceeds the bound above. */
export function openImage(bytes: Uint8Array, options: SharpOptions = {}): Sharp {
  return sharp(bytes, { ...options, limitInputPixels: maxInputPixels });
}

/**
 * Decides whether `bytes` are a JPEG, PNG, WebP or AVIF image, and reads its size from the
 * header without decoding a pixel; throws an ImageError naming what the bytes are otherwise,
 * or the size when it is over the bound.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageFacts> {
  const sniffed = sniff(bytes);
  if (sniffed.kind === "other")
    throw imageError.notAnImage(sniffed.mimeType, sniffed.what, sniffed.why);
  const { format, lossless } = sniffed;
  const mimeType = imageMimeTypes[format];
  let metadata: Metadata;
  try {
    // The header alone, with sharp's own pixel bound lifted so the size can be named below:
    // reading metadata decodes no pixel.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw imageError.unreadable(mimeType, formatNames[format]);
  }
  const { width, height } = metadata;
  const sameFormat =
    format === "avif"
      ? metadata.format === "heif" && metadata.compression === "av1"
      : metadata.format === format;
  if (!sameFormat || !width || !height) {
    if (metadata.format === "heif" && metadata.compression === "hevc") {
      throw imageError.notAnImage("image/heic", "a HEIC photo");
    }
    throw imageError.unreadable(mimeType, formatNames[format]);
  }
  if ((metadata.pages ?? 1) > 1) throw imageError.animated();
  if (width * height > maxInputPixels || width > maxInputSide || height > maxInputSide) {
    throw imageError.tooManyPixels(width, height, maxInputPixels, maxInputSide);
  }
  // As it is seen: a photo taken sideways is as tall as it is turned.
  const shown = metadata.autoOrient;
  return { format, mimeType, width: shown.width, height: shown.height, lossless };
}
