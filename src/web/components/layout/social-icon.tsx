import type { ReactElement } from "react";
import facebook from "simple-icons/icons/facebook.svg?raw";
import instagram from "simple-icons/icons/instagram.svg?raw";
import tiktok from "simple-icons/icons/tiktok.svg?raw";
import x from "simple-icons/icons/x.svg?raw";
import youtube from "simple-icons/icons/youtube.svg?raw";
import type { SocialNetwork } from "../../content/site.ts";

// Each network's mark as its SVG file gives it, of which the page draws the one path. The
// package's icon objects would bring every mark's path twice (as `path` and inside `svg`), with
// its title, colour, source and guidelines: half a kilobyte more on every first view.
function drawn(svg: string): ReactElement {
  const path = / d="([^"]+)"/u.exec(svg)?.[1];
  if (path === undefined) throw new Error("A social icon's SVG has no path");
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

// The same element at every render: React passes over it when the language changes.
const icons: Record<SocialNetwork, ReactElement> = {
  instagram: drawn(instagram),
  x: drawn(x),
  youtube: drawn(youtube),
  tiktok: drawn(tiktok),
  facebook: drawn(facebook),
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return icons[network];
}
