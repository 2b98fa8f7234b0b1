import { Link } from "react-router";
import { useInboxContent } from "../content/use-inbox-content.ts";
import type { InboxAddress, InboxView } from "../model/filter.ts";

interface ViewTabsProps {
  view: InboxView;
  hrefFor: (next: Partial<InboxAddress>) => string;
}

const views: readonly InboxView[] = ["submissions", "site", "replies"];

/** The inbox's parts, as links: each is an address, kept by back, forward and reload. */
export function ViewTabs({ view, hrefFor }: ViewTabsProps) {
  const { text } = useInboxContent();
  return (
    <nav aria-label={text.views.label}>
      <ul className="flex gap-1 border-b border-ink-900/15">
        {views.map((each) => (
          <li key={each}>
            <Link
              to={hrefFor(
                each === "site"
                  ? { view: each, open: undefined }
                  : { view: each, part: undefined, open: undefined },
              )}
              aria-current={each === view ? "page" : undefined}
              className="-mb-px inline-flex min-h-11 items-center border-b-3 border-transparent px-4 text-center leading-tight font-semibold text-ink-800 transition-colors hover:text-ink-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 aria-[current=page]:border-gold-600 aria-[current=page]:text-ink-950"
            >
              {text.views[each]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
