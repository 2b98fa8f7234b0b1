import { SocialLinks } from "../../components/layout/social-links.tsx";
import { socialLinks } from "../../content/site.ts";
import { useLanguage } from "../../language/use-language.ts";
import { ContactForm } from "./contact-form.tsx";

/** The contact page's form, with the social profiles beside it when any is configured. */
export function ContactSection() {
  const { content } = useLanguage();
  const hasProfiles = socialLinks().length > 0;
  return (
    <section className="bg-paper-200 px-4 py-14 text-ink-950 sm:px-6 sm:py-20">
      <div
        className={`mx-auto grid max-w-5xl gap-10 ${hasProfiles ? "lg:grid-cols-[1fr_21rem]" : ""}`}
      >
        <div className="rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
          <h2 className="mb-8 font-display text-3xl text-ink-900">{content.contact.formTitle}</h2>
          <ContactForm source="Contact Page" />
        </div>
        {hasProfiles && (
          <aside className="grid content-start gap-4 self-start rounded-3xl bg-ink-950 p-6 text-paper sm:p-8">
            <h2 className="font-display text-2xl text-gold-300">{content.contact.socialTitle}</h2>
            <SocialLinks />
          </aside>
        )}
      </div>
    </section>
  );
}
