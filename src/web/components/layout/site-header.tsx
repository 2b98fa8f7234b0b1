import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { addressedPage, localizedPath } from "../../../shared/language.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { useHydrated } from "../../lib/wake-up.tsx";
import { ButtonLink } from "../ui/button-link.tsx";
import { Logo } from "./logo.tsx";
import { NavLinks } from "./nav-links.tsx";

const desktopLink =
  "whitespace-nowrap rounded-full px-3 py-2 text-sm text-paper/85 transition-colors hover:text-gold-300 aria-[current=page]:bg-gold-400/15 aria-[current=page]:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300";
const mobileLink =
  "block rounded-xl px-4 py-3 text-lg text-paper transition-colors hover:bg-white/5 aria-[current=page]:bg-gold-400/15 aria-[current=page]:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300";

// The same element at every render: React passes over it when the language changes.
const menuIcon = (
  <Menu aria-hidden="true" className="size-6 group-has-[:popover-open]/header:hidden" />
);
const closeIcon = (
  <X aria-hidden="true" className="hidden size-6 group-has-[:popover-open]/header:block" />
);
const headerLogo = <Logo className="h-10 w-auto" />;

/**
 * Sticky header: mark, the eight pages (behind a menu button on small screens), language,
 * register. The menu is a popover the button opens and closes without scripts (Escape and a
 * press outside close it too); the app keeps aria-expanded in step and closes it on a page change.
 */
export function SiteHeader() {
  const { content, language } = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const { pathname } = useLocation();

  // Any page change closes the menu, however it happened (a link, back, forward); the address
  // naming the language the page is already in (our server's choice from the cookie) does not.
  const page = addressedPage(pathname).path;
  const shownFor = useRef(page);
  useEffect(() => {
    if (shownFor.current === page) return;
    shownFor.current = page;
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [page]);

  // The popover may have been opened before the app woke.
  useEffect(() => {
    setMenuOpen(menu.current?.matches(":popover-open") ?? false);
  }, []);

  return (
    <header className="group/header sticky top-0 z-50 border-b border-gold-400/15 bg-ink-950">
      <div className="mx-auto flex h-18 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={localizedPath("/", language)}
          viewTransition
          aria-label={content.header.homeLink}
          className="shrink-0 rounded-lg p-1 text-gold-400 transition-colors hover:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300"
        >
          {headerLogo}
        </Link>
        <nav aria-label={content.nav.label} className="hidden flex-1 justify-center xl:flex">
          <NavLinks className="flex items-center gap-1" linkClassName={desktopLink} />
        </nav>
        <div className="ms-auto flex items-center gap-2 xl:ms-0">
          <LanguageSwitch />
          <div className="hidden sm:block">
            <ButtonLink to="/contact" className="min-h-11 px-5 text-sm">
              {content.header.register}
            </ButtonLink>
          </div>
          <button
            type="button"
            popoverTarget={menuId}
            aria-expanded={hydrated ? menuOpen : undefined}
            aria-controls={menuId}
            className="inline-flex size-11 items-center justify-center rounded-full text-paper hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-300 xl:hidden"
          >
            {/* Which icon and name show follows the popover itself, with or without the app. */}
            {menuIcon}
            {closeIcon}
            <span className="sr-only group-has-[:popover-open]/header:hidden">
              {content.header.openMenu}
            </span>
            <span className="sr-only hidden group-has-[:popover-open]/header:inline">
              {content.header.closeMenu}
            </span>
          </button>
        </div>
      </div>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        onToggle={(event) => setMenuOpen(event.newState === "open")}
        className="inset-x-0 top-18 bottom-auto max-h-[calc(100dvh-4.5rem)] w-full overflow-y-auto border-t border-gold-400/15 bg-ink-950 text-paper xl:hidden"
      >
        <nav aria-label={content.nav.label} className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <NavLinks className="grid gap-1" linkClassName={mobileLink} />
          <div className="mt-4 border-t border-white/10 pt-4">
            <ButtonLink to="/contact" className="w-full">
              {content.header.register}
            </ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
