import { useSyncExternalStore } from "react";
import { NavLink } from "react-router";
import { localizedPath } from "../../../shared/language.ts";
import { privacyPage } from "../../../shared/pages.js";
import { formatNumber } from "../../lib/format.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { Logo } from "./logo.tsx";
import { NavLinks } from "./nav-links.tsx";
import { useSocialLinks } from "../../content/published-content.ts";
import { SocialLinks } from "./social-links.tsx";

// The year the page was prerendered; once hydrated, the visitor's clock decides.
const buildYear = new Date().getFullYear();
const noSubscription = () => () => {};

function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => buildYear,
  );
}

export function SiteFooter() {
  const { content, language } = useLanguage();
  const year = useCurrentYear();
  const hasProfiles = useSocialLinks().length > 0;
  return (
    <footer className="border-t border-gold-400/15 bg-ink-950 text-paper">
      <div
        className={`mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 ${hasProfiles ? "md:grid-cols-[1.4fr_1fr_1fr]" : "md:grid-cols-[1.4fr_1fr]"}`}
      >
        <div className="grid content-start gap-4">
          <Logo className="h-12 w-auto justify-self-start text-gold-400" title={content.siteName} />
          <p className="max-w-md text-paper/80">{content.footer.description}</p>
        </div>
        <div>
          <h2 className="mb-4 font-semibold text-gold-300">{content.footer.explore}</h2>
          <NavLinks
            className={`grid grid-cols-2 gap-x-6 gap-y-2 ${hasProfiles ? "md:grid-cols-1" : ""}`}
            linkClassName="text-paper/80 underline-offset-4 hover:text-gold-300 hover:underline aria-[current=page]:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300"
          />
        </div>
        {hasProfiles && (
          <div>
            <h2 className="mb-4 font-semibold text-gold-300">{content.footer.followUs}</h2>
            <SocialLinks />
          </div>
        )}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-paper/70 sm:px-6">
          <p>{content.footer.copyright(formatNumber(language, year))}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <NavLink
              to={localizedPath(privacyPage.path, language)}
              className="inline-flex min-h-6 items-center underline-offset-4 hover:text-gold-300 hover:underline focus-visible:outline-2 focus-visible:outline-gold-300"
            >
              {content.nav.privacy}
            </NavLink>
            <LanguageSwitch />
          </div>
        </div>
      </div>
    </footer>
  );
}
