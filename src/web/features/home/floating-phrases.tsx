import { useLanguage } from "../../language/use-language.ts";

/** Where each of the twenty phrases sits and drifts is set in app.css, by its position. */
const placements = 20;

/**
 * Phrases about the word drifting behind the home hero: decorative, so hidden from assistive
 * technology; faint, so the text over them keeps its contrast; transforms and opacity only, and
 * still under prefers-reduced-motion.
 */
export function FloatingPhrases() {
  const { content } = useLanguage();
  const phrases = content.home.phrases;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 overflow-hidden text-[0.7rem] sm:text-base"
    >
      {Array.from({ length: placements }, (_, index) => (
        <span
          key={index}
          lang="ar"
          dir="rtl"
          className="floating-phrase absolute whitespace-nowrap"
        >
          {phrases[index % phrases.length]}
        </span>
      ))}
    </div>
  );
}
