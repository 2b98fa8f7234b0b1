import { useLanguage } from "../language/use-language.ts";

// Twenty placements for the seven phrases: where each starts (percent of the hero), its size
// (em, smaller on phones), and how long one drift takes (seconds). Fixed, so prerendered and hydrated pages agree.
const placements = [
  [6, 4, 1.4, 19],
  [14, 62, 1.1, 23],
  [22, 28, 1.8, 27],
  [9, 84, 1.2, 21],
  [31, 8, 1, 25],
  [38, 70, 1.6, 29],
  [46, 40, 1.1, 22],
  [54, 86, 1.4, 26],
  [60, 2, 1.7, 31],
  [67, 55, 1, 20],
  [74, 22, 1.3, 24],
  [81, 74, 1.9, 28],
  [88, 38, 1.2, 23],
  [93, 6, 1.1, 30],
  [18, 45, 1, 26],
  [42, 92, 1.1, 21],
  [70, 90, 1.2, 27],
  [85, 58, 1, 25],
  [28, 52, 1.3, 32],
  [50, 16, 1.5, 24],
] as const;

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
      {placements.map(([top, start, size, seconds], index) => (
        <span
          key={index}
          lang="ar"
          dir="rtl"
          className="floating-phrase absolute whitespace-nowrap"
          style={{
            top: `${top}%`,
            insetInlineStart: `${start}%`,
            fontSize: `${size}em`,
            animationDuration: `${seconds}s`,
            animationDelay: `${-index * 1.7}s`,
          }}
        >
          {phrases[index % phrases.length]}
        </span>
      ))}
    </div>
  );
}
