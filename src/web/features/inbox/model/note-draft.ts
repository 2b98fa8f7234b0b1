/** A note typed and not saved, kept in this browser past a sign-out. */
export interface NoteDraft {
  note: string;
  /** When it was last typed, ISO 8601. */
  at: string;
}

const prefix = "kalima-inbox-draft";
// One member's drafts are never offered to another signed in on the same browser.
const keyOf = (userId: string, submissionId: number) => `${prefix}:${userId}:${submissionId}`;

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

/** The draft kept for this submission, unless it says what is already saved. */
export function readDraft(
  userId: string,
  submissionId: number,
  savedNote: string,
): NoteDraft | undefined {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(userId, submissionId)) ?? "null");
    return isDraft(kept) && kept.note !== savedNote ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the note as typed, or forgets the draft once the note is what is saved. */
export function keepDraft(userId: string, submissionId: number, note: string, savedNote: string) {
  try {
    if (note === savedNote) {
      localStorage.removeItem(keyOf(userId, submissionId));
      return;
    }
    const draft: NoteDraft = { note, at: new Date().toISOString() };
    localStorage.setItem(keyOf(userId, submissionId), JSON.stringify(draft));
  } catch {
    // Full or refused storage: the note lives as long as the page, as it did before.
  }
}

export function dropDraft(userId: string, submissionId: number) {
  try {
    localStorage.removeItem(keyOf(userId, submissionId));
  } catch {
    // Nothing was kept.
  }
}
