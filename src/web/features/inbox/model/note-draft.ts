/**
 * What a member typed and did not save or send, kept in this browser past an idle sign-out: an
 * internal note, or a reply to the visitor. Both go the same ways: after a week, when the member
 * signs out, and when their submission is deleted.
 */
export type DraftKind = "note" | "reply";

/** A note (or a reply) typed and not saved, kept in this browser past an idle sign-out. */
export interface NoteDraft {
  note: string;
  /** When it was last typed, ISO 8601. */
  at: string;
}

/** A draft older than this is dropped, unread: notes on visitors do not linger in a browser. */
export const draftLifetimeDays = 7;
const draftLifetimeMs = draftLifetimeDays * 24 * 60 * 60 * 1000;

const prefixes: Record<DraftKind, string> = {
  note: "kalima-inbox-draft",
  reply: "kalima-inbox-reply",
};
const knownPrefixes = new Set(Object.values(prefixes));
// One member's drafts are never offered to another signed in on the same browser.
const keyOf = (userId: string, submissionId: number, kind: DraftKind = "note") =>
  `${prefixes[kind]}:${userId}:${submissionId}`;

interface DraftKey {
  key: string;
  userId: string;
  submissionId: number;
}

/** Every draft kept in this browser, of every member. */
function draftKeys(): DraftKey[] {
  const found: DraftKey[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    const [start, userId, submissionId] = key?.split(":") ?? [];
    if (key && knownPrefixes.has(start ?? "") && userId && /^\d+$/u.test(submissionId ?? "")) {
      found.push({ key, userId, submissionId: Number(submissionId) });
    }
  }
  return found;
}

function isDraft(value: unknown): value is NoteDraft {
  return (
    typeof value === "object" &&
    value !== null &&
    "note" in value &&
    "at" in value &&
    typeof value.note === "string" &&
    typeof value.at === "string"
  );
}

/** The draft stored under `key`, unless it is not one or has expired. */
function storedDraft(key: string, now: number): NoteDraft | undefined {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(key) ?? "null");
    if (!isDraft(kept)) return undefined;
    const age = now - Date.parse(kept.at);
    return Number.isFinite(age) && age <= draftLifetimeMs ? kept : undefined;
  } catch {
    return undefined;
  }
}

function remove(keys: readonly string[]) {
  try {
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Refused storage kept nothing.
  }
}

function removeWhere(test: (draft: DraftKey) => boolean) {
  try {
    remove(
      draftKeys()
        .filter(test)
        .map((draft) => draft.key),
    );
  } catch {
    // Refused storage kept nothing.
  }
}

/** The draft kept for this submission, unless it says what is already saved; expired, it goes. */
export function readDraft(
  userId: string,
  submissionId: number,
  savedNote: string,
  now = Date.now(),
  kind: DraftKind = "note",
): NoteDraft | undefined {
  const key = keyOf(userId, submissionId, kind);
  const draft = storedDraft(key, now);
  if (!draft) remove([key]);
  return draft && draft.note !== savedNote ? draft : undefined;
}

/** Keeps the note as typed, or forgets the draft once the note is what is saved. */
export function keepDraft(
  userId: string,
  submissionId: number,
  note: string,
  savedNote: string,
  kind: DraftKind = "note",
) {
  try {
    if (note === savedNote) {
      localStorage.removeItem(keyOf(userId, submissionId, kind));
      return;
    }
    const draft: NoteDraft = { note, at: new Date().toISOString() };
    localStorage.setItem(keyOf(userId, submissionId, kind), JSON.stringify(draft));
  } catch {
    // Full or refused storage: the note lives as long as the page, as it did before.
  }
}

export function dropDraft(userId: string, submissionId: number, kind: DraftKind = "note") {
  remove([keyOf(userId, submissionId, kind)]);
}

/**
 * Takes this member's drafts out of the browser as they sign out, before the screen can say they
 * are signed out; `putBack` returns them if signing out fails.
 */
export function takeDraftsOf(userId: string): { putBack(): void } {
  const taken: [string, string][] = [];
  try {
    for (const { key } of draftKeys().filter((draft) => draft.userId === userId)) {
      const value = localStorage.getItem(key);
      if (value !== null) taken.push([key, value]);
    }
  } catch {
    // Refused storage kept nothing.
  }
  remove(taken.map(([key]) => key));
  return {
    putBack() {
      try {
        for (const [key, value] of taken) localStorage.setItem(key, value);
      } catch {
        // Full or refused storage: the drafts are gone, as they would be once signed out.
      }
    },
  };
}

/** Every member's drafts of these submissions: they were deleted. */
export function dropDraftsOfSubmissions(submissionIds: Iterable<number>) {
  const gone = new Set(submissionIds);
  removeWhere((draft) => gone.has(draft.submissionId));
}

/** Every member's drafts that have expired, or are not drafts. */
export function dropExpiredDrafts(now = Date.now()) {
  removeWhere((draft) => storedDraft(draft.key, now) === undefined);
}

/** The submissions some member keeps a draft of in this browser. */
export function draftedSubmissionIds(): number[] {
  try {
    return [...new Set(draftKeys().map((draft) => draft.submissionId))];
  } catch {
    return [];
  }
}

/**
 * What a field shows once a new value is saved (by this member or another): the new value,
 * unless the member changed the field from the value saved before, whose typing is theirs.
 */
export function keepTyped<T>(typed: T, savedBefore: T, savedNow: T): T {
  return typed === savedBefore ? savedNow : typed;
}
