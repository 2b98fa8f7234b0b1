import { siteContentSections, type SiteContentSection } from "../../../../shared/site-content.ts";
import type { Draft, SaveConflict, SaveResult } from "../api/site-content.ts";
import { sameContent } from "./changes.ts";
import { mergeFields, unchosen, type Choices, type Side } from "./merge.ts";
import { pathKey, type FieldPath } from "./problems.ts";

export type SaveStatus = "saved" | "unsaved" | "held" | "saving" | "failed" | "conflict";

export interface SectionDraft {
  /** What the member sees and types into. */
  body: unknown;
  /** The body at `revision`, as the server holds it: what the member's edits are made from. */
  base: unknown;
  /** The revision the server last answered for this member: what the next save names. */
  revision: number;
  status: SaveStatus;
  savedAt?: string;
  /** Whose save `savedAt` is, as the server names them (an address). */
  savedBy?: string | null;
  /**
   * The draft is a save heard as it happened, not one this member made: another member's, or
   * their restore of an earlier version.
   */
  arrived?: { restoredFrom: number | null };
  /** Why the last save failed, when it did (not a conflict). */
  failure?: unknown;
  /** Another member's save that came first: theirs, while the member's own body stays. */
  conflict?: SaveConflict;
  /** While a conflict stands: this member's choice for each field both changed. */
  choices?: Choices;
  /** The last conflict, merged: whose save it was, and whose text each field took. */
  merged?: MergedConflict;
}

export interface MergedConflict {
  with: SaveConflict;
  /** The fields only the other member changed, now in this member's draft. */
  theirs: FieldPath[];
  /** The fields only this member changed, kept. */
  mine: FieldPath[];
  /** The fields both changed, with the side this member chose for each. */
  chosen: { path: FieldPath; side: Side }[];
}

export interface DraftStoreOptions {
  save: (section: SiteContentSection, body: unknown, base: number) => Promise<SaveResult>;
  /** How long typing pauses before a save. */
  delay?: number;
  /** Whether a body may be sent at all: one the database would refuse is held instead. */
  sendable?: (section: SiteContentSection, body: unknown) => boolean;
}

/**
 * The member's drafts of every section, saved on the server as they type: a save waits for a
 * pause, one at a time per section, from the revision last answered; a save refused because
 * another member saved first keeps this member's text and stops saving that section: the fields
 * only one of them changed merge by themselves, and each field both changed waits for this
 * member's choice (keep mine, or take theirs). Once every such field has one, the merge is saved
 * once, from the other member's revision. React reads it through useSyncExternalStore.
 */
export class DraftStore {
  private sections: Record<SiteContentSection, SectionDraft>;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Map<SiteContentSection, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<SiteContentSection, Promise<void>>();
  /** The newest save heard while this member's own was under way: weighed once it answers. */
  private readonly heard = new Map<SiteContentSection, Draft>();
  private readonly delay: number;

  constructor(
    drafts: readonly Draft[],
    published: Partial<Record<SiteContentSection, unknown>>,
    private readonly options: DraftStoreOptions,
  ) {
    this.delay = options.delay ?? 700;
    this.sections = Object.fromEntries(
      siteContentSections.map((section) => {
        const draft = drafts.find((each) => each.section === section);
        return [
          section,
          draft
            ? {
                body: draft.body,
                base: draft.body,
                revision: draft.revision,
                status: "saved",
                savedAt: draft.updated_at,
                savedBy: draft.updated_by_email,
              }
            : { body: published[section], base: published[section], revision: 0, status: "saved" },
        ];
      }),
    ) as Record<SiteContentSection, SectionDraft>;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.sections;

  private set(section: SiteContentSection, next: Partial<SectionDraft>) {
    this.sections = { ...this.sections, [section]: { ...this.sections[section], ...next } };
    for (const listener of this.listeners) listener();
  }

  /** The member typed: the body changes now, and is saved after a pause. */
  edit(section: SiteContentSection, body: unknown) {
    const { status } = this.sections[section];
    this.set(section, {
      body,
      status: status === "conflict" ? "conflict" : "unsaved",
      arrived: undefined,
    });
    // Typing may settle the last field that waited for a choice (their text, typed again).
    if (status === "conflict") {
      void this.resolve(section);
      return;
    }
    clearTimeout(this.timers.get(section));
    this.timers.set(
      section,
      setTimeout(() => void this.flush(section), this.delay),
    );
  }

  /** Saves the section now if it has unsaved changes, after any save in flight. */
  async flush(section: SiteContentSection): Promise<void> {
    clearTimeout(this.timers.get(section));
    this.timers.delete(section);
    await this.inFlight.get(section);
    const current = this.sections[section];
    if (!["unsaved", "failed", "held"].includes(current.status)) return;
    if (this.options.sendable && !this.options.sendable(section, current.body)) {
      this.set(section, { status: "held" });
      return;
    }
    const sent = current.body;
    const saving = this.send(section, sent, current.revision);
    this.inFlight.set(section, saving);
    await saving;
    this.inFlight.delete(section);
    const heard = this.heard.get(section);
    this.heard.delete(section);
    if (heard) this.receive(heard);
    // A conflict where no field was changed by both merges at once.
    await this.resolve(section);
  }

  private async send(section: SiteContentSection, sent: unknown, base: number) {
    this.set(section, { status: "saving" });
    let result: SaveResult;
    try {
      result = await this.options.save(section, sent, base);
    } catch (failure) {
      this.set(section, { status: "failed", failure });
      return;
    }
    if (result.conflict) {
      this.set(section, {
        status: "conflict",
        conflict: result.conflict,
        choices: {},
        merged: undefined,
      });
      return;
    }
    const changedSince = this.sections[section].body !== sent;
    this.set(section, {
      base: result.saved.body,
      revision: result.saved.revision,
      savedAt: result.saved.updated_at,
      savedBy: result.saved.updated_by_email,
      arrived: undefined,
      status: changedSince ? "unsaved" : "saved",
      failure: undefined,
    });
    // What was typed meanwhile has its own timer, which waits for this save to end.
  }

  /** Saves every section with unsaved changes; answers whether all are saved now. */
  async flushAll(): Promise<boolean> {
    await Promise.all(siteContentSections.map((section) => this.flush(section)));
    return siteContentSections.every((section) => this.sections[section].status === "saved");
  }

  /** The merge of a standing conflict as it is now: what merged, and what waits for a choice. */
  merge(section: SiteContentSection) {
    const { conflict, base, body, choices } = this.sections[section];
    return conflict ? mergeFields(base, conflict.body, body, choices) : undefined;
  }

  /**
   * This member's choice for one field both changed. Once every such field has one, the merge is
   * saved, from the other member's revision: every field only they changed keeps their text.
   */
  async choose(section: SiteContentSection, path: FieldPath, side: Side) {
    const { conflict, choices } = this.sections[section];
    if (!conflict) return;
    this.set(section, { choices: { ...choices, [pathKey(path)]: side } });
    await this.resolve(section);
  }

  /** Saves a conflict's merge once no field waits for a choice. */
  private async resolve(section: SiteContentSection) {
    const { conflict, choices = {} } = this.sections[section];
    const merge = this.merge(section);
    if (!conflict || !merge || unchosen(merge, choices).length > 0) return;
    // Their text whole is already saved: another save would only be another revision.
    const theirsWhole = sameContent(merge.body, conflict.body);
    this.set(section, {
      body: merge.body,
      base: conflict.body,
      revision: conflict.revision,
      status: theirsWhole ? "saved" : "unsaved",
      savedAt: theirsWhole ? conflict.updated_at : this.sections[section].savedAt,
      savedBy: theirsWhole ? conflict.updated_by_email : this.sections[section].savedBy,
      conflict: undefined,
      choices: undefined,
      merged: {
        with: conflict,
        theirs: merge.theirs,
        mine: merge.mine,
        chosen: merge.conflicts.map(({ path }) => ({
          path,
          side: choices[pathKey(path)] ?? "mine",
        })),
      },
    });
    await this.flush(section);
  }

  /**
   * After a publish or a restore: every section this member has nothing unsaved in becomes what
   * the server holds now. A section with unsaved text keeps it: its next save, from the older
   * revision, is told who changed the draft meanwhile.
   */
  refresh(drafts: readonly Draft[]) {
    for (const draft of drafts) {
      const current = this.sections[draft.section];
      if (current.status !== "saved" || current.revision === draft.revision) continue;
      this.set(draft.section, {
        body: draft.body,
        base: draft.body,
        revision: draft.revision,
        savedAt: draft.updated_at,
        savedBy: draft.updated_by_email,
        failure: undefined,
        merged: undefined,
      });
    }
  }

  /**
   * A save of a section heard as it happened (the database's change feed, or a read after the
   * feed was away), whoever made it. One this member already holds, or older, is nothing new. A
   * section this member has nothing unsaved in becomes it at once; one with unsaved text meets
   * it now as a conflict, exactly as its next save would have: the text is kept, the fields only
   * one of them changed merge by themselves, and those both changed wait for a choice. While a
   * save of this member's is under way, it waits for that save's answer, which may be newer.
   */
  receive(draft: Draft) {
    const section = draft.section;
    if (this.inFlight.has(section)) {
      const waiting = this.heard.get(section);
      if (!waiting || waiting.revision < draft.revision) this.heard.set(section, draft);
      return;
    }
    const current = this.sections[section];
    const known = Math.max(current.revision, current.conflict?.revision ?? 0);
    if (draft.revision <= known) return;
    if (current.status === "saved") {
      this.set(section, {
        body: draft.body,
        base: draft.body,
        revision: draft.revision,
        savedAt: draft.updated_at,
        savedBy: draft.updated_by_email,
        arrived: { restoredFrom: draft.restored_from },
        failure: undefined,
        merged: undefined,
      });
      return;
    }
    clearTimeout(this.timers.get(section));
    this.timers.delete(section);
    this.set(section, {
      status: "conflict",
      conflict: {
        revision: draft.revision,
        updated_at: draft.updated_at,
        updated_by_email: draft.updated_by_email,
        restored_from: draft.restored_from,
        body: draft.body,
      },
      choices: {},
      merged: undefined,
    });
    void this.resolve(section);
  }

  /** Whether anything typed is not on the server yet. */
  hasUnsaved() {
    return siteContentSections.some((section) => this.sections[section].status !== "saved");
  }

  /**
   * The editor is left (another view of the inbox): what waits for a pause in typing is saved
   * now instead of dropped; the saves go on after the editor is gone, and the store keeps their
   * answers for when it comes back.
   */
  dispose() {
    for (const section of [...this.timers.keys()]) void this.flush(section);
  }
}
