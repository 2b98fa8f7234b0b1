import type { SiteContentSection } from "../../../../../shared/site-content.ts";
import { primaryButton, secondaryButton } from "../../components/styles.ts";
import { formatNumber } from "../../../../lib/format.ts";
import { formatDateTime } from "../../model/format.ts";
import type { SaveConflict } from "../api/site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { changesBetween } from "../model/changes.ts";
import { ChangeList } from "./change-list.tsx";

interface ConflictNoticeProps {
  section: SiteContentSection;
  conflict: SaveConflict;
  mine: unknown;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Another member saved this section first: who and when, and every field where their text and
 * this member's differ, both kept until this member chooses.
 */
export function ConflictNotice({
  section,
  conflict,
  mine,
  onKeepMine,
  onTakeTheirs,
}: ConflictNoticeProps) {
  const { words, language } = useEditorContent();
  const differences = changesBetween(conflict.body, mine);
  return (
    <section
      role="alert"
      className="grid min-w-0 gap-3 rounded-3xl border-2 border-red-800/60 bg-paper p-4 wrap-anywhere sm:p-6"
    >
      <h2 className="text-xl font-bold text-red-900">
        {conflict.restored_from
          ? words.conflict.restored(
              conflict.updated_by_email ?? words.conflict.someone,
              formatNumber(language, conflict.restored_from),
              formatDateTime(language, conflict.updated_at),
            )
          : words.conflict.title(
              conflict.updated_by_email ?? words.conflict.someone,
              formatDateTime(language, conflict.updated_at),
            )}
      </h2>
      <p className="text-ink-800">{words.conflict.lead}</p>
      <ChangeList
        changes={differences}
        within={[section]}
        labels={{ before: words.conflict.theirs, after: words.conflict.yours }}
      />
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onKeepMine} className={primaryButton}>
          {words.conflict.keepMine}
        </button>
        <button type="button" onClick={onTakeTheirs} className={secondaryButton}>
          {words.conflict.takeTheirs}
        </button>
      </div>
    </section>
  );
}
