import type { ReactNode } from "react";
import { useLanguage } from "../../language/use-language.ts";
import { HydrationPart } from "../../lib/wake-up.tsx";
import { NewTabNote } from "./new-tab-note.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export const mainId = "main";

/** Skip link, header, the page in <main>, footer: each part hydrated on its own. */
export function SiteFrame({ children }: { children: ReactNode }) {
  const { content } = useLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${mainId}`}
        className="fixed start-4 top-3 z-[60] -translate-y-24 rounded-full bg-gold-400 px-5 py-3 font-bold text-ink-950 transition-transform focus:translate-y-0 focus:outline-3 focus:outline-offset-2 focus:outline-paper"
      >
        {content.skipLink}
      </a>
      <HydrationPart>
        <SiteHeader />
      </HydrationPart>
      <main id={mainId} tabIndex={-1} className="page flex-1 focus:outline-none">
        <HydrationPart>{children}</HydrationPart>
      </main>
      <HydrationPart>
        <SiteFooter />
        <NewTabNote />
      </HydrationPart>
    </div>
  );
}
