import { siteMediaBucket } from "../../shared/site-media.ts";
import { absoluteUrl } from "./site-url.ts";

/**
 * The crops a photo is shown in (docs/decisions/0036): each a fixed shape, so a page knows every
 * variant's width and height without storing the photo's own, and the widths served of it.
 */
export const photoCrops = {
  /** A story's speaker, square at the top of its card. */
  portrait: { width: 1, height: 1, widths: [240, 360, 480, 720, 960] },
  /** A program's cover, 16:9 across its card. */
  cover: { width: 16, height: 9, widths: [480, 640, 960, 1280] },
} as const;
export type PhotoCrop = keyof typeof photoCrops;

/** The link preview's picture: the size Open Graph's readers ask for. */
export const previewImage = { width: 1200, height: 630 } as const;

const quality = 75;

/**
 * Where Storage serves: the hosted project the site was built for, or this site's own server. A
 * path from the root on our own server, so a page rendered for one origin reads the same on
 * another; `absolute` for readers outside the page (link previews).
 */
export function storageBase({ absolute = false }: { absolute?: boolean } = {}): string {
  const hosted = import.meta.env.VITE_SUPABASE_URL;
  if (hosted) return `${hosted.replace(/\/+$/u, "")}/storage/v1`;
  return absolute ? absoluteUrl("/storage/v1") : "/storage/v1";
}

/** A variant of a photo in `site-media`, cropped to exactly `width` × `height`. */
export function photoUrl(
  path: string,
  width: number,
  height: number,
  { absolute = false }: { absolute?: boolean } = {},
): string {
  const object = path.split("/").map(encodeURIComponent).join("/");
  const query = new URLSearchParams({
    width: String(width),
    height: String(height),
    resize: "cover",
    quality: String(quality),
  });
  return `${storageBase({ absolute })}/render/image/public/${siteMediaBucket}/${object}?${query}`;
}

/** The `<img>` attributes of a photo in a crop: its variants, and the size of the largest. */
export function photoSources(path: string, crop: PhotoCrop) {
  const { width, height, widths } = photoCrops[crop];
  const heightOf = (each: number) => Math.round((each * height) / width);
  const largest = widths[widths.length - 1]!;
  const middle = widths[Math.floor(widths.length / 2)]!;
  return {
    src: photoUrl(path, middle, heightOf(middle)),
    srcSet: widths.map((each) => `${photoUrl(path, each, heightOf(each))} ${each}w`).join(", "),
    width: largest,
    height: heightOf(largest),
  };
}
