import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ContactForm } from "../../features/contact/contact-form.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function MutakallimRoute() {
  const { content } = useLanguage();
  const text = content.mutakallim;
  return (
    <>
      <PageMeta page="mutakallim" />
      <PageIntro title={text.title} lead={text.lead} withLogo />
      <section className="px-4 py-14 sm:px-6">
        <p className="mx-auto max-w-3xl text-lg text-paper/85">{text.description}</p>
      </section>
      <section id="register" className="bg-paper-200 px-4 py-14 text-ink-950 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-3xl rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
          <h2 className="font-display text-3xl text-ink-900">{text.formTitle}</h2>
          <p className="mb-8 mt-2 text-ink-700">{text.formLead}</p>
          <ContactForm source="Mutakallim Program" />
        </div>
      </section>
    </>
  );
}
