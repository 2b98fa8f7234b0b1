import { wordmarkPath, wordmarkViewBox } from "./wordmark.ts";

interface LogoProps {
  className?: string;
  /** Give a title when the mark stands alone; leave it out when text beside it names it. */
  title?: string;
}

/** The word mark كلمة, drawn in the currentColor. */
export function Logo({ className = "", title }: LogoProps) {
  return (
    <svg
      viewBox={wordmarkViewBox}
      className={className}
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
    >
      <path fill="currentColor" d={wordmarkPath} />
    </svg>
  );
}
