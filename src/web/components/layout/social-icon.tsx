import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";
import type { SocialNetwork } from "../../content/site.ts";

const icons: Record<SocialNetwork, { path: string }> = {
  instagram: siInstagram,
  x: siX,
  youtube: siYoutube,
  tiktok: siTiktok,
  facebook: siFacebook,
};

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path fill="currentColor" d={icons[network].path} />
    </svg>
  );
}
