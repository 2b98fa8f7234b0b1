/** What the site takes, as a phone's file picker is asked to offer (`accept`). */
export const acceptedPhotoTypes = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The largest file a member may choose, as `site-media` holds it. */
export const photoLimitBytes = 10 * 1024 * 1024;
/** The longest side a photo is uploaded at: twice the widest variant the pages ask for. */
export const photoLongSide = 2560;

export type PhotoRefusal = "tooLarge" | "notImage" | "unreadable";

/** Why a chosen file cannot be a photo of the site, before anything is read; or undefined. */
export function photoRefusal(file: File): PhotoRefusal | undefined {
  // Some pickers name no type: the photo is then judged by whether it can be read.
  if (file.type !== "" && !(acceptedPhotoTypes as readonly string[]).includes(file.type)) {
    return "notImage";
  }
  if (file.size > photoLimitBytes) return "tooLarge";
  return undefined;
}

export class UnreadablePhoto extends Error {}

export interface PreparedPhoto {
  blob: Blob;
  type: "image/webp" | "image/jpeg";
  extension: "webp" | "jpg";
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
}

/**
 * The photo drawn again, upright, at most `photoLongSide` on its long side: a phone's 5 MB
 * picture leaves the device as a few hundred kilobytes, and without what its file said besides
 * the pixels (where it was taken, the camera's serial). WebP, or JPEG where the browser cannot
 * write WebP (it then answers with a PNG).
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new UnreadablePhoto();
  }
  try {
    const scale = Math.min(1, photoLongSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new UnreadablePhoto();
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const webp = await encode(canvas, "image/webp");
    if (webp?.type === "image/webp") return { blob: webp, type: "image/webp", extension: "webp" };
    const jpeg = await encode(canvas, "image/jpeg");
    if (jpeg?.type !== "image/jpeg") throw new UnreadablePhoto();
    return { blob: jpeg, type: "image/jpeg", extension: "jpg" };
  } finally {
    bitmap.close();
  }
}
