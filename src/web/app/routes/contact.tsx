import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ContactSection } from "../../features/contact/contact-section.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/contact";

/** The published content the contact page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { pages } = contentToRender(context);
  return {
    site: {
      pages: { meta: { contact: pages.meta.contact }, leads: { contact: pages.leads.contact } },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function ContactRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="contact" />
      <PageIntro title={content.contact.title} lead={content.contact.lead} />
      <ContactSection />
    </>
  );
}
