import { ArrowDown } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { registrationSectionId } from "../../features/contact/registration-anchor.ts";
import { RegistrationSection } from "../../features/contact/registration-section.tsx";
import { ProgramFormat } from "../../features/mutakallim/program-format.tsx";
import { ProgramStructure } from "../../features/mutakallim/program-structure.tsx";
import { useLanguage } from "../../language/use-language.ts";

// The same element at every render: React passes over it when the language changes.
const arrowDownIcon = <ArrowDown aria-hidden="true" className="size-5" />;

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
