/**
 * What the site takes, as a phone's file picker is asked to offer (`accept`). HEIC and HEIF are
 * offered too, so an Android phone's picker shows them: they are converted here where the
 * browser can open them (Safari can), and refused with the phone's setting where it cannot.
 */
export const acceptedPhotoTypes = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/heic",
  "image/heif",
] as const;
/**
 * The largest photo `site-media` holds (its `file_size_limit`), judged on what is sent: the photo
 * as drawn again here, not the file the phone gave.
 */
export const photoLimitBytes = 10 * 1024 * 1024;
/** The longest side a photo is uploaded at: twice the widest variant the pages ask for. */
export const photoLongSide = 2560;

export type PhotoRefusal =
  "notImage" | "heic" | "svg" | "unreadable" | "tooManyPixels" | "tooLarge";

/** Why a chosen file is not a photo of the site. `amount`: megapixels or bytes, as the kind says. */
export class PhotoRefused extends Error {
  constructor(
    readonly reason: PhotoRefusal,
    readonly amount = 0,
  ) {
    super(reason);
  }
}

const heicTypes = ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"];

export function isHeic(file: File): boolean {
  return heicTypes.includes(file.type) || /\.(heic|heif)$/iu.test(file.name);
}

/** Why a chosen file cannot be a photo of the site, before anything is read; or undefined. */
export function photoRefusal(file: File): PhotoRefusal | undefined {
  if (file.type === "image/svg+xml" || /\.svg$/iu.test(file.name)) return "svg";
  if (isHeic(file)) return undefined;
  // Some pickers name no type: the photo is then judged by whether it can be read.
  if (file.type !== "" && !(acceptedPhotoTypes as readonly string[]).includes(file.type)) {
    return "notImage";
  }
  return undefined;
}

export interface PreparedPhoto {
  blob: Blob;
  type: "image/webp" | "image/jpeg";
  extension: "webp" | "jpg";
}

/**
 * The photo's size upright, from its header only: an image element that is never drawn reads
 * no more of the file than that, whatever its megapixels.
 */
function uprightSize(file: File): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  return new Promise<{ width: number; height: number }>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new PhotoRefused(isHeic(file) ? "heic" : "unreadable"));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/** Beyond this, a failed decode is said as the photo's size rather than as an unreadable file. */
const largePhotoPixels = 40_000_000;

/**
 * The photo decoded straight to the size it is sent at, so a 200-megapixel shot never takes
 * 800 MB as a full bitmap where the browser scales while decoding.
 */
async function decodeSmaller(file: File): Promise<ImageBitmap> {
  const { width, height } = await uprightSize(file);
  const scale = Math.min(1, photoLongSide / Math.max(width, height, 1));
  try {
    return await createImageBitmap(
      file,
      scale < 1
        ? {
            imageOrientation: "from-image",
            resizeWidth: Math.max(1, Math.round(width * scale)),
            resizeHeight: Math.max(1, Math.round(height * scale)),
            resizeQuality: "high",
          }
        : { imageOrientation: "from-image" },
    );
  } catch {
    const pixels = width * height;
    if (isHeic(file)) throw new PhotoRefused("heic");
    if (pixels > largePhotoPixels) throw new PhotoRefused("tooManyPixels", pixels / 1_000_000);
    throw new PhotoRefused("unreadable");
  }
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

const qualities = [0.85, 0.7, 0.5];

/**
 * The photo drawn again, upright, at most `photoLongSide` on its long side: a phone's 13 MB
 * picture leaves the device as a megabyte or so, and without what its file said besides the
 * pixels (where it was taken, the camera's serial). WebP, or JPEG where the browser cannot
 * write WebP (it then answers with a PNG); at a lower quality if a very busy picture would
 * still not fit `site-media`.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const refused = photoRefusal(file);
  if (refused) throw new PhotoRefused(refused);
  const bitmap = await decodeSmaller(file);
  try {
    const scale = Math.min(1, photoLongSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new PhotoRefused("unreadable");
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    let size = 0;
    let type: PreparedPhoto["type"] | undefined;
    for (const quality of qualities) {
      let blob = type === "image/jpeg" ? null : await encode(canvas, "image/webp", quality);
      if (blob?.type === "image/webp") type = "image/webp";
      else {
        type = "image/jpeg";
        blob = await encode(canvas, "image/jpeg", quality);
        if (blob?.type !== "image/jpeg") throw new PhotoRefused("unreadable");
      }
      if (blob.size <= photoLimitBytes) {
        return { blob, type, extension: type === "image/webp" ? "webp" : "jpg" };
      }
      size = blob.size;
    }
    throw new PhotoRefused("tooLarge", size);
  } finally {
    bitmap.close();
  }
}

/** Bytes as a phone counts them: megabytes of a million bytes, to one decimal. */
export function megabytes(bytes: number): number {
  return Math.round(bytes / 100_000) / 10;
}
