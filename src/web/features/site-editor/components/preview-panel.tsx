import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { localizedPath, type Language } from "../../../../shared/language.ts";
import { sitePages } from "../../../../shared/pages.js";
import { previewParameter } from "../../../../shared/preview-parameter.js";
import { previewStorageKey } from "../../../content/preview-content.ts";
import { fieldClasses } from "../../../components/team/styles.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { placeOnPage } from "../model/fields.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";

interface PreviewPanelProps {
  /** Every section's draft: what would be published. */
  document: unknown;
  /** The pages to offer first: those the section being edited shows on. */
  pages: readonly string[];
  /** The section being edited: each frame opens where it shows on the page. */
  section: SiteContentSection;
}

const phone = { width: 375, height: 667 } as const;
const desktop = { width: 1280, height: 800 } as const;

/** How long typing pauses before the frames show it. */
const followTyping = 400;

const wideQuery = "(min-width: 40rem)";
const wideScreen = () => window.matchMedia?.(wideQuery).matches ?? true;
function watchWidth(onChange: () => void) {
  const query = window.matchMedia?.(wideQuery);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/**
 * Scrolls a framed page (our own origin) to `place`, below its sticky header; again once its
 * fonts have come, which move what is below them.
 */
function scrollFrameTo(frame: HTMLIFrameElement, place: string | undefined) {
  const page = frame.contentDocument;
  const view = frame.contentWindow;
  if (!place || !page || !view) return;
  const go = () => {
    const target = page.querySelector(place);
    if (!target) return;
    const header = page.querySelector("header")?.getBoundingClientRect().height ?? 0;
    const top = target.getBoundingClientRect().top + view.scrollY - header - 16;
    view.scrollTo({ top: Math.max(0, top), behavior: "instant" });
  };
  go();
  void page.fonts?.ready.then(go, () => undefined);
}

/** A page at a screen's width, drawn smaller to fit the editor: the layout is the width's. */
function ScaledFrame({
  src,
  title,
  width,
  height,
  place,
}: {
  src: string;
  title: string;
  width: number;
  height: number;
  place: string | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      setScale(Math.min(1, (entry?.contentRect.width ?? width) / width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <div
      ref={box}
      className="overflow-hidden rounded-xl border border-ink-900/20 bg-white"
      style={{ height: height * scale }}
    >
      {scale > 0 && (
        <iframe
          src={src}
          title={title}
          width={width}
          height={height}
          className="origin-top-left rtl:origin-top-right"
          onLoad={(event) => scrollFrameTo(event.currentTarget, place)}
          style={{ transform: `scale(${scale})` }}
        />
      )}
    </div>
  );
}

/**
 * The pages as they would be published: the public pages themselves, framed from our own
 * origin, each showing the drafts instead of the published content (preview-content.ts), in both
 * languages at a phone's width, and at a wide screen's (folded on a phone, where a wide page
 * would be a quarter of its size). The frames follow typing: the drafts are stored again after a
 * pause, and the framed pages redraw from them without reloading.
 */
export function PreviewPanel({ document, pages, section }: PreviewPanelProps) {
  const { words, language } = useEditorContent();
  const id = useId();
  const wide = useSyncExternalStore(watchWidth, wideScreen, () => true);
  const [showsWide, setShowsWide] = useState(wide);

  const ordered = [
    ...pages,
    ...sitePages.map((page) => page.id).filter((page) => !pages.includes(page)),
  ];
  const [page, setPage] = useState(ordered[0] ?? "home");
  // Stored before the frames' pages can ask (a layout effect runs before any frame has loaded
  // its page), then again after each pause in typing.
  const opened = useRef(document);
  useLayoutEffect(() => {
    window.sessionStorage.setItem(previewStorageKey, JSON.stringify(opened.current));
  }, []);
  useEffect(() => {
    if (document === opened.current) return;
    const later = setTimeout(() => {
      window.sessionStorage.setItem(previewStorageKey, JSON.stringify(document));
    }, followTyping);
    return () => clearTimeout(later);
  }, [document]);

  const path = sitePages.find((each) => each.id === page)?.path ?? "/";
  const pageName = words.fields[page] ?? page;
  // The member's language first: on a phone, the frame they read is the first on the screen.
  const shownLanguages: readonly Language[] = language === "en" ? ["en", "ar"] : ["ar", "en"];
  const frames = (name: "phone" | "desktop", { width, height }: typeof phone | typeof desktop) =>
    shownLanguages.map((each) => {
      const title = words.preview.frame(pageName, words.languages[each], words.preview[name]);
      return (
        <figure key={`${each}-${page}`} className="grid min-w-0 gap-1.5">
          <figcaption className="text-sm font-semibold text-ink-800">{title}</figcaption>
          <ScaledFrame
            src={`${localizedPath(path, each)}?${previewParameter}`}
            title={title}
            width={width}
            height={height}
            place={placeOnPage(section, page)}
          />
        </figure>
      );
    });
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-3xl bg-paper p-4 shadow-lg shadow-ink-950/5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
        {words.preview.title}
      </h2>
      <p className="text-ink-800">{words.preview.lead}</p>
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor={`${id}-page`} className="font-semibold text-ink-900">
          {words.preview.page}
        </label>
        <select
          id={`${id}-page`}
          value={page}
          onChange={(event) => setPage(event.target.value)}
          className={fieldClasses}
        >
          {ordered.map((each) => (
            <option key={each} value={each}>
              {words.fields[each] ?? each}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">{frames("phone", phone)}</div>
      <details
        open={showsWide}
        onToggle={(event) => setShowsWide(event.currentTarget.open)}
        className="grid gap-4"
      >
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900">
          {words.preview.wide}
        </summary>
        {showsWide && <div className="grid gap-4 pt-2">{frames("desktop", desktop)}</div>}
      </details>
    </section>
  );
}
