import type { ReactNode } from "react";
import { Link } from "react-router";
import { localizedPath } from "../../../shared/language.ts";
import { useLanguage } from "../../language/use-language.ts";

const variants = {
  gold: "bg-gold-400 text-ink-950 shadow-lg shadow-gold-700/20 hover:bg-gold-300",
  outline: "border border-gold-400/60 text-paper hover:border-gold-300 hover:bg-gold-400/10",
} as const;

interface ButtonLinkProps {
  /** The page's own path (`/contact`): the link goes to it in the current language. */
  to: string;
  variant?: keyof typeof variants;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A link to another page, in the page's language, that looks like a button. Page changes use a
 * view transition.
 */
export function ButtonLink({
  to,
  variant = "gold",
  className = "",
  onClick,
  children,
}: ButtonLinkProps) {
  const { language } = useLanguage();
  return (
    <Link
      to={localizedPath(to, language)}
      viewTransition
      prefetch="intent"
      onClick={onClick}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-7 py-3 font-bold transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-300 ${variants[variant]} ${className}`}
    >
      {children}
    </Link>
  );
}
