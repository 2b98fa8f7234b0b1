import { useSocialLinks } from "../../content/published-content.ts";
import { useLanguage } from "../../language/use-language.ts";
import { newTabNoteId } from "./new-tab-note.tsx";
import { SocialIcon } from "./social-icon.tsx";

/** The configured social profiles; each opens in a new tab, which its description says. */
export function SocialLinks() {
  const { content } = useLanguage();
  const links = useSocialLinks();
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3">
      {links.map(({ network, href }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={content.social[network]}
            aria-describedby={newTabNoteId}
            className="inline-flex size-11 items-center justify-center rounded-full border border-gold-400/30 text-gold-300 transition hover:border-gold-300 hover:bg-gold-400/10 hover:text-gold-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
          >
            <SocialIcon network={network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
