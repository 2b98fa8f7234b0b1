import { Languages } from "lucide-react";
import { useLanguage } from "../../language/use-language.ts";

/** Shows the other language's name, in that language, and switches to it. */
export function LanguageSwitch() {
  const { content, setLanguage } = useLanguage();
  const target = content.languageSwitch.lang;
  return (
    <button
      type="button"
      lang={target}
      onClick={() => setLanguage(target)}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-gold-400/40 px-4 text-sm font-medium text-paper transition-colors hover:border-gold-300 hover:bg-gold-400/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
    >
      <Languages aria-hidden="true" className="size-4 text-gold-300" />
      <span className="other-script">{content.languageSwitch.label}</span>
    </button>
  );
}
