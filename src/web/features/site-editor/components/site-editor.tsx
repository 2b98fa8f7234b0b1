import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { Link, useNavigate } from "react-router";
import { useAuth } from "../../../auth/use-auth.ts";
import { siteContentSections, type SiteContentSection } from "../../../../shared/site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { toast } from "../../../toast/toast-store.ts";
import { primaryButton, secondaryButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import {
  listVersions,
  loadSiteContent,
  publishDrafts,
  readVersion,
  restoreVersion,
  reviewedOf,
  ReviewConflict,
  saveDraft,
  type Draft,
  type Reviewed,
  type Version,
} from "../api/site-content.ts";
import { watchSiteContent } from "../api/watch-site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { useEditors } from "../hooks/use-editors.ts";
import { changesBetween, sameContent, type Change } from "../model/changes.ts";
import { describeDrafts, describeRenderProblem, isolated } from "../model/describe.ts";
import { DraftStore } from "../model/draft-store.ts";
import { pagesOfSection, revealField } from "../model/fields.ts";
import {
  afterVersion,
  type LiveState,
  type Published,
  type VersionRow,
} from "../model/live-version.ts";
import { unchosen } from "../model/merge.ts";
import {
  pathKey,
  refusedAsDraft,
  refusedField,
  sectionProblems,
  type FieldPath,
} from "../model/problems.ts";
import { ConflictContext, type ConflictState } from "./conflict-choice.tsx";
import { ConflictNotice } from "./conflict-notice.tsx";
import { HistoryPanel } from "./history-panel.tsx";
import { PresenceLine } from "./presence-line.tsx";
import { PreviewPanel } from "./preview-panel.tsx";
import { ProblemSummary } from "./problem-summary.tsx";
import { PublishDialog, type DraftAuthor } from "./publish-dialog.tsx";
import { SaveState } from "./save-state.tsx";
import { Node } from "./section-fields.tsx";
import type { EditorAddress, SiteEditorProps } from "../../../components/team/site-editor-slot.ts";

/** The drafts, the published content and the history, read together. */
async function load() {
  const [content, history] = await Promise.all([loadSiteContent(), listVersions()]);
  return { ...content, history };
}

/** What a member is shown before a publish or a restore, and names when they confirm it. */
interface Review {
  reviewed: Reviewed;
  baseVersion: number | null;
  /** The drafts that differ from what the site shows, with who saved each. */
  authors: DraftAuthor[];
  changes: Change[];
  /** What the site shows and what it would show, whole: what the changes are named by. */
  documents: { before: unknown; after: unknown };
  /** Read again while shown, as another member's work arrived. */
  updated?: boolean;
  /** How many changes by other members had been heard when it was read (`heardAt`). */
  heardAt: number;
}

/** The server's drafts and live content now, as a publish or a restore would take them. */
async function review(heardAt: number): Promise<Review> {
  const { drafts, published, version } = await loadSiteContent();
  const live = published as Published;
  const document = Object.fromEntries(
    siteContentSections.map((section) => [
      section,
      drafts.find((draft) => draft.section === section)?.body ?? live[section],
    ]),
  );
  return {
    reviewed: reviewedOf(drafts),
    baseVersion: version,
    authors: draftAuthors(drafts, live),
    changes: changesBetween(live, document),
    documents: { before: live, after: document },
    heardAt,
  };
}

function draftAuthors(drafts: readonly Draft[], live: Published): DraftAuthor[] {
  return drafts
    .filter((draft) => !sameContent(draft.body, live[draft.section]))
    .map((draft) => ({
      section: draft.section,
      who: draft.updated_by_email,
      at: draft.updated_at,
    }));
}

function isSection(part: string | undefined): part is SiteContentSection {
  return siteContentSections.includes(part as SiteContentSection);
}

/** The editor's part that lists the published versions, beside the sections. */
const historyPart = "history";

/**
 * The member's drafts outlive the editor's screen: a member who leaves for the messages and comes
 * back finds what they typed, even when its save met another member's (kept for the page's life,
 * for the member who typed it only).
 */
let kept: { member: string; store: DraftStore } | undefined;

/**
 * The part the member last had open: the site view opened again from the inbox's tabs (whose
 * address names no part) returns to it, not to the first section.
 */
let lastPart: { member: string; part: string } | undefined;

/** How long a publish's pages are followed: our server shows them within 5 seconds. */
const followRendering = { every: 700, for: 15_000 };

/**
 * The site's content, edited by the team: one section at a time, both languages side by side,
 * saved as drafts while typing, checked before it may publish, previewed as the pages would show
 * it, published after a look at every change, and any earlier version restored.
 */
export function SiteEditor({ part: asked, hrefFor }: SiteEditorProps) {
  const { words } = useEditorContent();
  const describeFailure = useDescribeFailure();
  const session = useAuth().session;
  const member = session?.user.id ?? "";
  const part = asked ?? (lastPart?.member === member ? lastPart.part : undefined);
  useEffect(() => {
    if (part !== undefined) lastPart = { member, part };
  }, [member, part]);
  const myEmail = session?.user.email?.toLowerCase();
  const [store, setStore] = useState<DraftStore | "loading" | "failed">("loading");
  const [state, setState] = useState<LiveState>({ published: {}, live: null, versions: [] });
  // The state as the change feed's listeners read it, between renders.
  const latest = useRef(state);
  const adopt = useCallback((next: LiveState) => {
    latest.current = next;
    setState(next);
  }, []);
  /** The last publish or restore by another member, heard as it happened. */
  const [heard, setHeard] = useState<VersionRow | undefined>(undefined);
  /** Counts what other members changed while this member looks: a dialog open reads again. */
  const [heardAt, setHeardAt] = useState(0);

  useEffect(() => {
    let current = true;
    let made: DraftStore | undefined;
    load().then(
      ({ drafts, published, version, history }) => {
        if (!current) return;
        if (kept?.member === member) {
          made = kept.store;
          made.refresh(drafts);
        } else {
          made = new DraftStore(drafts, published as Published, {
            save: saveDraft,
            sendable: (section, body) => !refusedAsDraft(section, body),
          });
          kept = { member, store: made };
        }
        adopt({ published: published as Published, live: version, versions: history });
        setStore(made);
      },
      () => current && setStore("failed"),
    );
    return () => {
      current = false;
      made?.dispose();
    };
  }, [member, adopt]);

  // Other members' saves, publishes and restores, as they happen. Whatever the feed missed while
  // it was away (before it joined, or while the connection was down) is read once it (re)joins.
  useEffect(() => {
    if (typeof store !== "object") return;
    const byOther = (id: unknown, email: string | null | undefined) =>
      typeof id === "string" && id ? id !== member : email?.toLowerCase() !== myEmail;
    async function readAgain() {
      const { drafts, published, version, history } = await load();
      if (typeof store !== "object") return;
      for (const draft of drafts) store.receive(draft);
      adopt({ published: published as Published, live: version, versions: history });
    }
    return watchSiteContent({
      draft: (draft) => {
        store.receive(draft);
        if (byOther(draft.updated_by, draft.updated_by_email)) setHeardAt((count) => count + 1);
      },
      version: (row) => {
        const before = latest.current;
        const next = afterVersion(before, row);
        if (next === "read again") void readAgain().catch(() => undefined);
        else adopt(next);
        const id = Number(row.id);
        const written = !before.versions.some((each) => each.id === id);
        if (written && byOther(row.published_by, row.published_by_email)) {
          setHeard(row);
          setHeardAt((count) => count + 1);
        }
      },
      joined: () => void readAgain().catch(() => undefined),
    });
  }, [store, member, myEmail, adopt]);

  if (store === "loading") return <p role="status">{words.save.loading}</p>;
  if (store === "failed") {
    return (
      <p role="alert" className="font-semibold text-red-800">
        {words.save.loadFailed}
      </p>
    );
  }
  return (
    <Editor
      store={store}
      state={state}
      heard={heard}
      heardAt={heardAt}
      section={isSection(part) ? part : "programs"}
      showsHistory={part === historyPart}
      hrefFor={hrefFor}
      reload={async () => {
        const { drafts, published, version, history } = await load();
        store.refresh(drafts);
        adopt({ published: published as Published, live: version, versions: history });
      }}
      describeFailure={describeFailure}
    />
  );
}

interface EditorProps {
  store: DraftStore;
  /** The published content the drafts are compared with, the live version, the history. */
  state: LiveState;
  /** The last publish or restore by another member, heard as it happened. */
  heard: VersionRow | undefined;
  /** Changes with each change another member made while this member looks. */
  heardAt: number;
  section: SiteContentSection;
  /** The history is shown instead of the section's fields. */
  showsHistory: boolean;
  hrefFor: (next: EditorAddress) => string;
  reload: () => Promise<void>;
  describeFailure: (error: unknown) => string;
}

function Editor({
  store,
  state: { published, live, versions },
  heard,
  heardAt,
  section,
  showsHistory,
  hrefFor,
  reload,
  describeFailure,
}: EditorProps) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const navigate = useNavigate();
  const myEmail = useAuth().session?.user.email?.toLowerCase();
  const drafts = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const draft = drafts[section];
  const merge = useMemo(
    () => (draft.conflict ? store.merge(section) : undefined),
    [store, section, draft],
  );
  const conflictState = useMemo<ConflictState | undefined>(
    () =>
      draft.conflict && merge
        ? {
            section,
            conflict: draft.conflict,
            conflicts: merge.conflicts,
            choices: draft.choices ?? {},
            choose: (path, side) => void store.choose(section, path, side),
          }
        : undefined,
    [store, section, draft, merge],
  );
  const digits = useCallback((count: number) => formatNumber(language, count), [language]);
  const problems = useMemo(
    () =>
      Object.fromEntries(
        siteContentSections.map((each) => {
          const found = sectionProblems(each, drafts[each].body, words.problems, digits);
          const refused = refusedField(drafts[each]);
          if (refused && !found.has(pathKey(refused))) {
            found.set(pathKey(refused), words.problems.refused);
          }
          return [each, found];
        }),
      ) as Record<SiteContentSection, Map<string, string>>,
    [drafts, words, digits],
  );
  const problemCount = siteContentSections.reduce((sum, each) => sum + problems[each].size, 0);
  const document = useMemo(
    () => Object.fromEntries(siteContentSections.map((each) => [each, drafts[each].body])),
    [drafts],
  );
  const [previewing, setPreviewing] = useState(0);
  const [reviewing, setReviewing] = useState<Review | undefined>(undefined);
  const [restoring, setRestoring] = useState<Review | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // A success ("published as version 7", "nothing has changed") stops being true once the member
  // types again, and goes; a failure stays until the next publish says otherwise.
  const [outcome, setOutcome] = useState<{ text: string; problem?: boolean } | undefined>(
    undefined,
  );
  const edits = useRef(0);
  const summary = useRef<HTMLElement>(null);
  const revealing = useRef<{ section: SiteContentSection; path: FieldPath } | undefined>(undefined);
  // A save that another member made: named on the status line.
  const savedBy =
    draft.savedBy && draft.savedBy.toLowerCase() !== myEmail ? draft.savedBy : undefined;
  const editors = useEditors(showsHistory ? null : section);

  // A question open while another member's work arrives is asked again with what is there now:
  // what a member confirms is what they were shown, never a list gone stale under their eyes.
  // Until it answers, the publish button waits: what it would publish is no longer what is shown.
  const rereading = reviewing !== undefined && reviewing.heardAt !== heardAt;
  useEffect(() => {
    const stale = [reviewing, restoring].some((shown) => shown && shown.heardAt !== heardAt);
    if (!stale) return;
    let current = true;
    review(heardAt).then(
      (seen) => {
        if (!current) return;
        const updated = { ...seen, updated: true };
        if (restoring) setRestoring(updated);
        if (!reviewing) return;
        if (seen.changes.length > 0) {
          setReviewing(updated);
          return;
        }
        setReviewing(undefined);
        setOutcome({ text: words.publish.nothing });
      },
      () => {
        // Shown as it was: a publish of it is refused if the drafts changed since.
        if (!current) return;
        setReviewing((shown) => shown && { ...shown, heardAt });
        setRestoring((shown) => shown && { ...shown, heardAt });
      },
    );
    return () => {
      current = false;
    };
  }, [heardAt, reviewing, restoring, words]);

  function edit(body: unknown) {
    edits.current += 1;
    store.edit(section, body);
    setOutcome((shown) => (shown?.problem ? shown : undefined));
  }

  // A problem's link in another section opens that section first, then its field.
  useEffect(() => {
    const pending = revealing.current;
    if (!pending || pending.section !== section || showsHistory) return;
    revealing.current = undefined;
    revealField(pending.section, pending.path);
  }, [section, showsHistory]);

  function reveal(where: SiteContentSection, path: FieldPath) {
    if (where === section && !showsHistory) {
      revealField(where, path);
      return;
    }
    revealing.current = { section: where, path };
    void navigate(hrefFor({ view: "site", part: where }));
  }

  // Nothing typed is lost to a closed tab without a word.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (store.hasUnsaved()) event.preventDefault();
    };
    // A member switching to another app or tab on a phone may not come back: save now.
    const leave = () => {
      if (window.document.visibilityState === "hidden") void store.flushAll();
    };
    window.addEventListener("beforeunload", warn);
    window.addEventListener("pagehide", leave);
    window.document.addEventListener("visibilitychange", leave);
    return () => {
      window.removeEventListener("beforeunload", warn);
      window.removeEventListener("pagehide", leave);
      window.document.removeEventListener("visibilitychange", leave);
    };
  }, [store]);

  /** Says who changed which drafts since the member was shown them. */
  function describeConflict(conflict: ReviewConflict) {
    if (conflict.drafts.length === 0) return words.publish.publishedSince;
    return words.publish.changedSince(
      describeDrafts(
        words,
        language,
        conflict.drafts.map((each) => ({
          section: each.section,
          who: nameOf({ email: each.updated_by_email }) ?? null,
        })),
      ),
    );
  }

  async function askToPublish() {
    setOutcome(undefined);
    if (problemCount > 0) {
      summary.current?.focus({ preventScroll: true });
      summary.current?.scrollIntoView?.({ block: "center" });
      return;
    }
    setBusy(true);
    const saved = await store.flushAll();
    setBusy(false);
    if (!saved) {
      setOutcome({ text: words.save.unsaved, problem: true });
      return;
    }
    setBusy(true);
    let seen: Review;
    try {
      seen = await review(heardAt);
    } catch (error) {
      setOutcome({ text: words.publish.failed(describeFailure(error)), problem: true });
      return;
    } finally {
      setBusy(false);
    }
    if (seen.changes.length === 0) {
      setOutcome({ text: words.publish.nothing });
      return;
    }
    setReviewing(seen);
  }

  /** Says when the new version's pages are on the site, or why they are not. */
  async function follow(version: Version, edited: number, said: string) {
    const until = Date.now() + followRendering.for;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, followRendering.every));
      const state = await readVersion(version.id).catch(() => undefined);
      if (state?.render_problem) {
        setOutcome({
          text: words.publish.renderProblem(
            describeRenderProblem(words, state.render_problem, language),
          ),
          problem: true,
        });
        return;
      }
      if (state?.rendered_at) {
        if (edits.current !== edited) return;
        setOutcome({ text: `${said} ${words.publish.live}` });
        return;
      }
    }
  }

  async function publish(run: () => Promise<Version>, said: (version: Version) => string) {
    setBusy(true);
    const edited = edits.current;
    try {
      const version = await run();
      setReviewing(undefined);
      setOutcome({ text: `${said(version)} ${words.publish.waiting}` });
      await reload();
      await follow(version, edited, said(version));
      await reload();
    } catch (error) {
      setReviewing(undefined);
      const text =
        error instanceof ReviewConflict
          ? describeConflict(error)
          : words.publish.failed(describeFailure(error));
      setOutcome({ text, problem: true });
      toast({ title: text, variant: "destructive" });
      if (error instanceof ReviewConflict) await reload().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  // One column no wider than the screen, whatever a field holds (a long link wraps inside it).
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {/* On a phone the first screen is for the first field; the status line says the same. */}
      <p className="hidden max-w-3xl text-ink-800 sm:block">{words.lead}</p>
      <nav aria-label={words.sections.label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap">
          {siteContentSections.map((each) => (
            <li key={each}>
              <Link
                to={hrefFor({ view: "site", part: each })}
                aria-current={each === section && !showsHistory ? "page" : undefined}
                className="inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full border border-ink-900/25 px-4 font-semibold text-ink-900 transition-colors hover:bg-ink-900/5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 aria-[current=page]:border-ink-900 aria-[current=page]:bg-ink-900 aria-[current=page]:text-paper"
              >
                {words.sections[each]}
                {problems[each].size > 0 && (
                  <span className="rounded-full bg-red-800 px-1.5 text-xs text-white">
                    {digits(problems[each].size)}
                  </span>
                )}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={hrefFor({ view: "site", part: historyPart })}
              aria-current={showsHistory ? "page" : undefined}
              className="inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full border border-ink-900/25 px-4 font-semibold text-ink-900 transition-colors hover:bg-ink-900/5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 aria-[current=page]:border-ink-900 aria-[current=page]:bg-ink-900 aria-[current=page]:text-paper"
            >
              {words.history.title}
            </Link>
          </li>
        </ul>
      </nav>

      <div className="sticky top-0 z-20 flex min-w-0 flex-wrap items-center gap-3 border-b border-ink-900/10 bg-paper-200/95 py-3 backdrop-blur">
        <button
          type="button"
          className={secondaryButton}
          aria-expanded={previewing > 0}
          onClick={() => setPreviewing(previewing > 0 ? 0 : Date.now())}
        >
          {previewing > 0 ? words.preview.close : words.preview.open}
        </button>
        <button
          type="button"
          className={primaryButton}
          aria-disabled={busy}
          onClick={busy ? undefined : () => void askToPublish()}
        >
          {words.publish.open}
        </button>
        {!showsHistory && (
          <SaveState
            draft={draft}
            savedBy={savedBy}
            waiting={merge ? unchosen(merge, draft.choices).length : 0}
          />
        )}
      </div>

      {outcome && (
        <p
          role={outcome.problem ? "alert" : "status"}
          className={`font-semibold ${outcome.problem ? "text-red-800" : "text-ink-900"}`}
        >
          {outcome.text}
        </p>
      )}
      {/* Said politely when another member publishes or restores: in place before, so it is said. */}
      <p role="status" className="text-sm text-ink-700 wrap-anywhere empty:sr-only">
        {heard &&
          (heard.restored_from
            ? words.heard.restored(
                isolated(nameOf({ email: heard.published_by_email }) ?? words.conflict.someone),
                digits(heard.restored_from),
                digits(Number(heard.id)),
              )
            : words.heard.published(
                isolated(nameOf({ email: heard.published_by_email }) ?? words.conflict.someone),
                digits(Number(heard.id)),
              ))}
      </p>
      <ProblemSummary
        ref={summary}
        problems={problems}
        document={document}
        hrefOf={(each) => hrefFor({ view: "site", part: each })}
        onSelect={reveal}
      />

      {previewing > 0 && (
        <PreviewPanel
          key={previewing}
          document={document}
          pages={pagesOfSection(section)}
          section={section}
        />
      )}

      {showsHistory ? null : draft.conflict && merge ? (
        <ConflictNotice
          key="conflict"
          section={section}
          conflict={draft.conflict}
          merge={merge}
          choices={draft.choices}
        />
      ) : (
        draft.merged && (
          <ConflictNotice
            key="merged"
            section={section}
            conflict={draft.merged.with}
            merged={draft.merged}
          />
        )
      )}

      {showsHistory ? (
        <HistoryPanel
          versions={versions}
          live={live}
          busy={busy}
          replaces={restoring?.authors}
          onAsk={() => {
            setRestoring(undefined);
            void review(heardAt).then(setRestoring, () => undefined);
          }}
          onRestore={(version) =>
            void publish(
              async () =>
                restoreVersion(version.id, (restoring ?? (await review(heardAt))).reviewed),
              (restored) => words.history.restored(digits(version.id), digits(restored.id)),
            )
          }
        />
      ) : (
        <form
          aria-label={words.sections[section]}
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-5 rounded-3xl bg-paper p-4 shadow-lg shadow-ink-950/5 sm:p-6"
        >
          <h2 className="text-2xl font-bold text-ink-900">{words.sections[section]}</h2>
          <PresenceLine others={editors.others} away={editors.away} news={editors.news} />
          <ConflictContext value={conflictState}>
            <Node
              section={section}
              path={[]}
              value={draft.body}
              published={published[section]}
              problems={problems[section]}
              onChange={edit}
            />
          </ConflictContext>
        </form>
      )}

      <PublishDialog
        open={reviewing !== undefined}
        changes={reviewing?.changes ?? []}
        authors={reviewing?.authors ?? []}
        updated={reviewing?.updated ?? false}
        reading={rereading}
        documents={reviewing?.documents}
        busy={busy}
        onConfirm={() => {
          if (!reviewing) return;
          void publish(
            () => publishDrafts(reviewing.reviewed, reviewing.baseVersion),
            (version) => words.publish.published(digits(version.id)),
          );
        }}
        onClose={() => setReviewing(undefined)}
      />
    </div>
  );
}
