import type { ReactNode } from "react";
import { useLanguage } from "../../language/use-language.ts";

interface ZonedTimeProps {
  /** The machine-readable time ("21:00"); left out for a range, which has none. */
  dateTime?: string | undefined;
  className?: string | undefined;
  /** The time as formatted for the language (lib/format.ts). */
  children: ReactNode;
}

/**
 * A time of day followed by the zone it is kept in: a visitor abroad would otherwise read it as
 * their own. The words come from the content, not from ICU, so the prerendered page and the
 * browser write the same characters and no page starts ICU (lib/format.ts).
 */
export function ZonedTime({ dateTime, className, children }: ZonedTimeProps) {
  const { content } = useLanguage();
  return (
    <time dateTime={dateTime} className={className}>
      {children} <span className="whitespace-nowrap">{content.timeZone}</span>
    </time>
  );
}
