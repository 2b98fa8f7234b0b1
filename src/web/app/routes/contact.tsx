import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ContactSection } from "../../features/contact/contact-section.tsx";
import { useLanguage } from "../../language/use-language.ts";

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
