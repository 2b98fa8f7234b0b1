import type { ReactElement } from "react";
import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";
import type { SocialNetwork } from "../../content/site.ts";

function drawn({ path }: { path: string }): ReactElement {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

// The same element at every render: React passes over it when the language changes.
const icons: Record<SocialNetwork, ReactElement> = {
  instagram: drawn(siInstagram),
  x: drawn(siX),
  youtube: drawn(siYoutube),
  tiktok: drawn(siTiktok),
  facebook: drawn(siFacebook),
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return icons[network];
}
