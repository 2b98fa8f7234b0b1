import { Link } from "react-router";
import { localizedPath } from "../../../shared/language.ts";
import { defaultRetention } from "../../../shared/retention.ts";
import { useLanguage } from "../../language/use-language.ts";
import { formatNumber } from "../../lib/format.ts";

/** The privacy notice's sections, in reading order; how long things are kept, in words. */
export function PrivacyNotice() {
  const { content, language } = useLanguage();
  const text = content.privacy;
  const retention = text.retention(defaultRetention, (value) => formatNumber(language, value));
  const sections = [
    { id: "kept", ...text.kept },
    { id: "readers", ...text.readers },
    { id: "how-long", ...text.howLong, paragraphs: [retention, ...text.howLong.paragraphs] },
    { id: "erasure", ...text.erasure },
    { id: "other", ...text.other },
  ];
  return (
    <section className="bg-paper-200 px-4 py-14 text-ink-950 sm:px-6 sm:py-20">
      <div className="mx-auto grid max-w-3xl gap-10 rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
        {sections.map(({ id, title, paragraphs }) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`} className="grid gap-3">
            <h2 id={`${id}-title`} className="font-display text-2xl text-ink-900 sm:text-3xl">
              {title}
            </h2>
            {/* Keyed by position: a change of language updates each paragraph in place. */}
            {paragraphs.map((paragraph, index) => (
              <p key={index} className="max-w-prose leading-relaxed text-ink-800">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="border-t border-ink-900/10 pt-6">
          <Link
            to={localizedPath("/contact", language)}
            className="font-bold text-ink-900 underline underline-offset-4 hover:text-gold-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
          >
            {content.nav.contact}
          </Link>
        </p>
      </div>
    </section>
  );
}
