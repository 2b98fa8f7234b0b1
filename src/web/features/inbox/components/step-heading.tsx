import { useEffect, useRef, type ReactNode } from "react";

interface StepHeadingProps {
  /** Take focus when shown: the step changed under the member's hands. */
  focus: boolean;
  id?: string;
  level?: 1 | 2;
  /** The site's display face, or the text face for words a visitor wrote (a name). */
  face?: "display" | "text";
  className?: string;
  children: ReactNode;
}

/** A screen's heading, focused when the screen replaces another so it is announced. */
export function StepHeading({
  focus,
  id,
  level = 1,
  face = "display",
  className = "",
  children,
}: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const Tag = level === 1 ? "h1" : "h2";
  return (
    <Tag
      ref={ref}
      id={id}
      tabIndex={-1}
      className={`${face === "display" ? "font-display text-3xl sm:text-4xl" : "text-2xl font-bold sm:text-3xl"} text-ink-900 focus:outline-none ${className}`}
    >
      {children}
    </Tag>
  );
}
