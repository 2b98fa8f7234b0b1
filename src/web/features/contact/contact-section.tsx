import { Link } from "react-router";
import { localizedPath } from "../../../shared/language.ts";
import { SocialLinks } from "../../components/layout/social-links.tsx";
import { useSocialLinks } from "../../content/published-content.ts";
import { useLanguage } from "../../language/use-language.ts";
import { ContactForm } from "./contact-form.tsx";
import { registrationSectionId } from "./registration-anchor.ts";

/** The contact page's form, with the social profiles beside it when any is configured. */
export function ContactSection() {
  const { content, language } = useLanguage();
  const toRegistration = content.contact.toRegistration;
  const hasProfiles = useSocialLinks().length > 0;
  return (
    <section className="bg-paper-200 px-4 py-14 text-ink-950 sm:px-6 sm:py-20">
      <div
        className={`mx-auto grid max-w-5xl gap-10 ${hasProfiles ? "lg:grid-cols-[1fr_21rem]" : ""}`}
      >
        <div className="rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
          <h2 className="mb-4 font-display text-3xl text-ink-900">{content.contact.formTitle}</h2>
          {/* The header's "Register" leads here: a would-be speaker is sent on to the program's
              own form, which the team's Mutakallim filter finds. */}
          <p className="mb-8 rounded-2xl bg-paper-200 p-4 leading-relaxed text-ink-800">
            {toRegistration.text}{" "}
            <Link
              to={`${localizedPath("/mutakallim", language)}#${registrationSectionId}`}
              className="font-bold text-ink-900 underline underline-offset-4 hover:text-gold-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
            >
              {toRegistration.link}
            </Link>
          </p>
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
