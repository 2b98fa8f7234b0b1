import { siteMediaBucket } from "../../shared/site-media.ts";
import { absoluteUrl } from "./site-url.ts";

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
  const query = `width=${width}&height=${height}&resize=cover&quality=${quality}`;
  return `${storageBase({ absolute })}/render/image/public/${siteMediaBucket}/${object}?${query}`;
}
