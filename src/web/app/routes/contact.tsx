import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { SocialLinks } from "../../components/layout/social-links.tsx";
import { ContactForm } from "../../features/contact/contact-form.tsx";
import { useLanguage } from "../../language/use-language.ts";

export default function ContactRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="contact" />
      <PageIntro title={content.contact.title} lead={content.contact.lead} />
      <section className="bg-paper-200 px-4 py-14 text-ink-950 sm:px-6 sm:py-20">
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_18rem]">
          <div className="rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
            <h2 className="mb-8 font-display text-3xl text-ink-900">{content.contact.formTitle}</h2>
            <ContactForm source="Contact Page" />
          </div>
          <aside className="grid content-start gap-4 self-start rounded-3xl bg-ink-950 p-6 text-paper sm:p-8">
            <h2 className="font-display text-2xl text-gold-300">{content.contact.socialTitle}</h2>
            <SocialLinks />
          </aside>
        </div>
      </section>
    </>
  );
}
