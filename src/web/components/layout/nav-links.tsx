import { NavLink } from "react-router";
import { pages } from "../../app/pages.ts";
import { useLanguage } from "../../features/language/use-language.ts";

interface NavLinksProps {
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}

/** The eight pages; the current one carries aria-current="page". */
export function NavLinks({ className = "", linkClassName = "", onNavigate }: NavLinksProps) {
  const { content } = useLanguage();
  return (
    <ul className={className}>
      {pages.map((page) => (
        <li key={page.id}>
          <NavLink
            to={page.path}
            end
            viewTransition
            prefetch="intent"
            onClick={onNavigate}
            className={linkClassName}
          >
            {content.nav[page.id]}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
