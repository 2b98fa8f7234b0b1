import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatNumber } from "../../../lib/format.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { BackArrow } from "./back-arrow.tsx";
import { secondaryButton } from "../../../components/team/styles.ts";

interface PagerProps {
  page: number;
  /** How many pages there are, or undefined when the total is not exact. */
  pages: number | undefined;
  /** Whether a page follows this one (for a total that is not exact). */
  more: boolean;
  hrefFor: (page: number) => string;
}

/** Previous and next, with where the reader is; arrows point the way the language reads. */
export function Pager({ page, pages, more, hrefFor }: PagerProps) {
  const { language, text } = useInboxContent();
  const next = pages === undefined ? more : page < pages;
  if (page <= 1 && !next) return null;
  return (
    <nav aria-label={text.list.pages} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={secondaryButton}>
          <BackArrow />
          {text.list.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-ink-800">
        {pages === undefined
          ? text.list.pageAt(formatNumber(language, page))
          : text.list.pageOf(formatNumber(language, page), formatNumber(language, pages))}
      </p>
      {next ? (
        <Link to={hrefFor(page + 1)} className={secondaryButton}>
          {text.list.next}
          <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
