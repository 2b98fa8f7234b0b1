import { Link } from "react-router";
import { localizedPath } from "../../../shared/language.ts";
import { privacyPage } from "../../../shared/pages.js";
import { defaultRetention } from "../../../shared/retention.ts";
import { useLanguage } from "../../language/use-language.ts";
import { formatNumber } from "../../lib/format.ts";

/** Beside a form's button: what is kept, for how long, how to have it erased, and the notice. */
export function PrivacyNote() {
  const { content, language } = useLanguage();
  const text = content.form.privacy;
  const retention = content.privacy.retention(defaultRetention, (value) =>
    formatNumber(language, value),
  );
  return (
    <p className="max-w-prose text-sm leading-relaxed text-ink-700">
      {text.kept} {retention} {text.erase}{" "}
      <Link
        to={localizedPath(privacyPage.path, language)}
        className="font-semibold text-ink-900 underline underline-offset-4 hover:text-gold-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
      >
        {text.link}
      </Link>
    </p>
  );
}
