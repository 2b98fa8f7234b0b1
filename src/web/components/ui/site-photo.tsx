import { photoSources, type PhotoCrop } from "../../lib/photo-crops.ts";

// The crop's shape held by the layout too, whatever size the variant arrives at.
const aspects = { portrait: "aspect-square", cover: "aspect-video" } as const;

interface SitePhotoProps {
  image: { path: string; alt: string };
  crop: PhotoCrop;
  /** The width the photo takes in the layout at each breakpoint, for the browser's choice. */
  sizes: string;
  className?: string;
}

/**
 * A photo of the site's media in a fixed crop: its variants for the browser to choose from by the
 * layout's width, and its size in the markup, so nothing moves when it arrives.
 */
export function SitePhoto({ image, crop, sizes, className = "" }: SitePhotoProps) {
  const { src, srcSet, width, height } = photoSources(image.path, crop);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={image.alt}
      // Lazy even in the first screen: an image fetched before the stylesheet and the fonts
      // would delay the text, which is each page's largest paint.
      loading="lazy"
      decoding="async"
      className={`h-auto w-full bg-ink-900/10 object-cover ${aspects[crop]} ${className}`}
    />
  );
}
