import type { ReactNode } from "react";

const tones = {
  ink: "bg-ink-950 text-paper",
  deep: "bg-ink-900 text-paper",
  paper: "bg-paper-200 text-ink-950",
} as const;

const widths = {
  wide: "max-w-7xl",
  medium: "max-w-4xl",
  narrow: "max-w-3xl",
} as const;

interface SectionProps {
  tone?: keyof typeof tones;
  width?: keyof typeof widths;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}

/** A full-width band of a page with its content centred. */
export function Section({
  tone = "ink",
  width = "wide",
  labelledBy,
  className = "",
  children,
}: SectionProps) {
  return (
    <section aria-labelledby={labelledBy} className={`px-4 py-16 sm:px-6 sm:py-24 ${tones[tone]}`}>
      <div className={`mx-auto ${widths[width]} ${className}`}>{children}</div>
    </section>
  );
}
