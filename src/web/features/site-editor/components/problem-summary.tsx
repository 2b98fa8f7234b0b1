import { useId, type Ref } from "react";
import { siteContentSections, type SiteContentSection } from "../../../../shared/site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { describePath } from "../model/describe.ts";
import { fieldId } from "../model/fields.ts";
import { pathOfKey, type FieldPath } from "../model/problems.ts";

interface ProblemSummaryProps {
  problems: Record<SiteContentSection, ReadonlyMap<string, string>>;
  /** The drafts by section: an item is named by its title. */
  document?: unknown;
  /** Where a section's page is, for a link followed without scripts' help. */
  hrefOf: (section: SiteContentSection) => string;
  onSelect: (section: SiteContentSection, path: FieldPath) => void;
  /** Focused when a publish is asked for while problems remain. */
  ref?: Ref<HTMLElement>;
}

/**
 * What keeps the drafts from being published, each problem a link to its field (GOV.UK's error
 * summary): following one opens the field's section and folded groups and moves focus to it.
 */
export function ProblemSummary({ problems, document, hrefOf, onSelect, ref }: ProblemSummaryProps) {
  const { words, language } = useEditorContent();
  const id = useId();
  const listed = siteContentSections.flatMap((section) =>
    [...problems[section]].map(([key, problem]) => ({
      section,
      path: pathOfKey(key),
      problem,
    })),
  );
  if (listed.length === 0) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="grid gap-2 rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-offset-2 focus:outline-gold-400"
    >
      <h2 id={`${id}-title`} className="font-bold">
        {words.problems.summary(formatNumber(language, listed.length))}
      </h2>
      <ul className="grid list-disc gap-1.5 ps-5">
        {listed.map(({ section, path, problem }) => (
          <li key={`${section}:${path.join(".")}`} className="wrap-anywhere">
            <a
              href={`${hrefOf(section)}#${fieldId(section, path)}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(section, path);
              }}
              className="font-semibold underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
            >
              {words.renderProblems.field(
                describePath(words, [section, ...path], language, document),
                problem,
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
