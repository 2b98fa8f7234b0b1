import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { LanguageSwitch } from "./language-switch.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { ButtonLink } from "../ui/button-link.tsx";
import { Logo } from "./logo.tsx";
import { NavLinks } from "./nav-links.tsx";

const desktopLink =
  "whitespace-nowrap rounded-full px-3 py-2 text-sm text-paper/85 transition-colors hover:text-gold-300 aria-[current=page]:bg-gold-400/15 aria-[current=page]:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300";
const mobileLink =
  "block rounded-xl px-4 py-3 text-lg text-paper transition-colors hover:bg-white/5 aria-[current=page]:bg-gold-400/15 aria-[current=page]:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300";

/** Sticky header: mark, the eight pages (behind a menu button on small screens), language, register. */
export function SiteHeader() {
  const { content } = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const closeMenu = () => setMenuOpen(false);

  // Any page change closes the menu, however it happened (a link, back, forward).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-50 border-b border-gold-400/15 bg-ink-950">
      <div className="mx-auto flex h-18 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          viewTransition
          aria-label={content.header.homeLink}
          className="shrink-0 rounded-lg p-1 text-gold-400 transition-colors hover:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-300"
        >
          <Logo className="h-10 w-auto" />
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
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex size-11 items-center justify-center rounded-full text-paper hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-300 xl:hidden"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">
              {menuOpen ? content.header.closeMenu : content.header.openMenu}
            </span>
          </button>
        </div>
      </div>
      <div
        id={menuId}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-gold-400/15 bg-ink-950 xl:hidden"
      >
        <nav aria-label={content.nav.label} className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <NavLinks className="grid gap-1" linkClassName={mobileLink} onNavigate={closeMenu} />
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-white/10 pt-4">
            <ButtonLink to="/contact" onClick={closeMenu} className="flex-1">
              {content.header.register}
            </ButtonLink>
            <LanguageSwitch />
          </div>
        </nav>
      </div>
    </header>
  );
}
