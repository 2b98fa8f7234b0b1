import { Link, useLocation } from "react-router";
import { addressedPage, localizedPath } from "../../../shared/language.ts";
import { pages } from "../../../shared/pages.js";
import { useLanguage } from "../../language/use-language.ts";

interface NavLinksProps {
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}

/**
 * The eight pages, in the page's language; the current one carries aria-current="page". The
 * current page is read from the path without /en, so both prerendered variants mark the same link.
 */
export function NavLinks({ className = "", linkClassName = "", onNavigate }: NavLinksProps) {
  const { content, language } = useLanguage();
  const current = addressedPage(useLocation().pathname).path;
  return (
    <ul className={className}>
      {pages.map((page) => (
        <li key={page.id}>
          <Link
            to={localizedPath(page.path, language)}
            viewTransition
            prefetch="intent"
            onClick={onNavigate}
            aria-current={current === page.path ? "page" : undefined}
            className={linkClassName}
          >
            {content.nav[page.id]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
