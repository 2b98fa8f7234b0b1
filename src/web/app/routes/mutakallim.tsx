import { ArrowDown } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { registrationSectionId } from "../../features/contact/registration-anchor.ts";
import { RegistrationSection } from "../../features/contact/registration-section.tsx";
import { ProgramFormat } from "../../features/mutakallim/program-format.tsx";
import { ProgramStructure } from "../../features/mutakallim/program-structure.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/mutakallim";

// The same element at every render: React passes over it when the language changes.
const arrowDownIcon = <ArrowDown aria-hidden="true" className="size-5" />;

/** The published content Mutakallim's page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { mutakallim, pages } = contentToRender(context);
  return {
    site: {
      mutakallim,
      pages: {
        meta: { mutakallim: pages.meta.mutakallim },
        leads: { mutakallim: pages.leads.mutakallim },
      },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function MutakallimRoute() {
  const { content } = useLanguage();
  const text = content.mutakallim;
  return (
    <>
      <PageMeta page="mutakallim" />
      <PageIntro title={text.title} lead={text.lead}>
        <a
          href={`#${registrationSectionId}`}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-gold-400 px-7 py-3 text-lg font-bold text-ink-950 shadow-lg shadow-gold-700/20 transition hover:bg-gold-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
        >
          {text.registerCta}
          {arrowDownIcon}
        </a>
      </PageIntro>
      <ProgramFormat />
      <ProgramStructure />
      <RegistrationSection />
    </>
  );
}
