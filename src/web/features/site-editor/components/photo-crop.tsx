import type { ReactNode } from "react";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { photoCrops } from "../../../lib/photo-crops.ts";
import { photoUrl, previewImage } from "../../../lib/photo-variants.ts";

/**
 * How the site shows a section's photo, as its public components draw it: a story's speaker as a
 * 64 px circle beside their name (story-cards.tsx), a program's cover as a 96 × 54 thumbnail
 * beside its title (program-accordion.tsx), a page's as the 1200 × 630 card of a shared link
 * (page-meta.tsx), here at a tenth of its size.
 */
export function cropOf(section: SiteContentSection) {
  if (section === "stories") {
    const { widths } = photoCrops.portrait;
    return { kind: "circle", width: 64, height: 64, variant: [widths[1], widths[1]] } as const;
  }
  if (section === "programs") {
    const { widths } = photoCrops.cover;
    return { kind: "thumbnail", width: 96, height: 54, variant: [widths[1], 108] } as const;
  }
  const { width, height } = previewImage;
  return {
    kind: "card",
    width: width / 10,
    height: height / 10,
    variant: [width / 2, height / 2],
  } as const;
}

const shapes = {
  circle: "size-16 rounded-full",
  thumbnail: "h-[54px] w-24 rounded-xl",
  card: "h-[63px] w-[120px] rounded-md",
} as const;

interface PhotoCropProps {
  section: SiteContentSection;
  /** The photo's path in `site-media`, or a picture chosen on this device (a blob: address). */
  source: string;
  alt: string;
  /** What the site shows beside it: a speaker's name, a program's title. */
  children?: ReactNode;
  lazy?: boolean;
}

/** A photo in the crop and at the size the site shows it, with what stands beside it there. */
export function PhotoCrop({ section, source, alt, children, lazy = false }: PhotoCropProps) {
  const crop = cropOf(section);
  const local = source.startsWith("blob:");
  return (
    <span className="flex min-w-0 items-center gap-3">
      <img
        src={local ? source : photoUrl(source, crop.variant[0], crop.variant[1])}
        alt={alt}
        width={crop.width}
        height={crop.height}
        loading={lazy ? "lazy" : undefined}
        className={`shrink-0 bg-ink-900/10 object-cover ${shapes[crop.kind]}`}
      />
      {children}
    </span>
  );
}
