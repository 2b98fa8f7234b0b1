import { useLanguage } from "../../language/use-language.ts";
import { ContactForm } from "./contact-form.tsx";
import { registrationSectionId } from "./registration-anchor.ts";

/** Mutakallim's registration: the form, sent as a registration for the program. */
export function RegistrationSection() {
  const { content } = useLanguage();
  const text = content.mutakallim;
  return (
    <section
      id={registrationSectionId}
      aria-labelledby="register-title"
      className="bg-paper-200 px-4 py-16 text-ink-950 sm:px-6 sm:py-24"
    >
      <div className="mx-auto max-w-3xl rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
        <h2 id="register-title" className="font-display text-3xl text-ink-900 sm:text-4xl">
          {text.formTitle}
        </h2>
        <p className="mb-8 mt-2 text-ink-700">{text.formLead}</p>
        <ContactForm source="Mutakallim Program" />
      </div>
    </section>
  );
}
