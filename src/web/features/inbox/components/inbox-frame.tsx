import type { ReactNode } from "react";
import { Link } from "react-router";
import { localizedPath } from "../../../../shared/language.ts";
import { LanguageSwitch } from "../../../components/layout/language-switch.tsx";
import { Logo } from "../../../components/layout/logo.tsx";
import { mainId } from "../../../components/layout/site-frame.tsx";
import { useLanguage } from "../../../language/use-language.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";

/**
 * The inbox's own frame, a tool's and not the public site's: the brand (home, for a member who
 * wants the site), the inbox's name and the language switch; no public navigation, no
 * "Register", no footer. Who is signed in, and signing out, are the inbox's first lines.
 */
export function InboxFrame({ children }: { children: ReactNode }) {
  const { content, language } = useLanguage();
  const { text } = useInboxContent();
  return (
    <div className="flex min-h-dvh flex-col bg-paper-200">
      <a
        href={`#${mainId}`}
        className="fixed start-4 top-3 z-[60] -translate-y-24 rounded-full bg-gold-400 px-5 py-3 font-bold text-ink-950 transition-transform focus:translate-y-0 focus:outline-3 focus:outline-offset-2 focus:outline-paper"
      >
        {content.skipLink}
      </a>
      <header className="border-b border-gold-400/15 bg-ink-950">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <Link
            to={localizedPath("/", language)}
            aria-label={content.header.homeLink}
            className="shrink-0 rounded-lg p-1 text-gold-400 transition-colors hover:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300"
          >
            <Logo className="h-9 w-auto" />
          </Link>
          <p className="min-w-0 truncate font-semibold text-paper">{text.frame.name}</p>
          <div className="ms-auto">
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main id={mainId} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
