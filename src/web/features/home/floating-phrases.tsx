import { useLanguage } from "../../language/use-language.ts";

/** Phrases in each band; where each sits and drifts is set in app.css, by band and position. */
const placements = 10;

/**
 * Phrases about the word drifting above or below the home hero's words, in a band of their own
 * so that none ever crosses them: decorative, so hidden from assistive technology; faint;
 * transforms and opacity only, and still under prefers-reduced-motion. Ten in each band, twenty
 * in all, the seven phrases in turn; a phone shows the first four of each band, placed so that
 * none leaves the screen or crosses another.
 */
export function FloatingPhrases({ band }: { band: "above" | "below" }) {
  const { content } = useLanguage();
  const phrases = content.home.phrases;
  const first = band === "above" ? 0 : placements;
  return (
    <div
      aria-hidden="true"
      className={`phrase-band-${band} pointer-events-none relative h-28 text-[0.7rem] sm:h-40 sm:text-base`}
    >
      {Array.from({ length: placements }, (_, index) => (
        <span
          key={index}
          lang="ar"
          dir="rtl"
          className="floating-phrase absolute whitespace-nowrap"
        >
          {phrases[(first + index) % phrases.length]}
        </span>
      ))}
    </div>
  );
}
