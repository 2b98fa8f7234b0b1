import { photoUrl } from "./photo-variants.ts";

/**
 * The crops a photo is shown in (docs/decisions/0036): each a fixed shape, so a page knows every
 * variant's width and height without storing the photo's own, and the widths served of it.
 */
export const photoCrops = {
  /** A story's speaker: square, shown as a 4rem circle beside their name. */
  portrait: { width: 1, height: 1, widths: [64, 128, 192] },
  /** A program's cover: 16:9, shown 6rem wide beside its title. */
  cover: { width: 16, height: 9, widths: [96, 192, 288] },
} as const;
export type PhotoCrop = keyof typeof photoCrops;

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
