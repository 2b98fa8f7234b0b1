import type { Language } from "../../../../shared/language.ts";
import { formatNumber } from "../../../lib/format.ts";
import type { InboxContent } from "../content/types.ts";
import { withinAll } from "./filter.ts";
import { isolate } from "./isolate.ts";
import { formatCount } from "../../../components/team/format.ts";
import { teamNames, type NameOf } from "../../../components/team/team-names.ts";
import { isSubmissionStatus, type Submission, type SubmissionStatus } from "./submission.ts";

/**
 * The inbox's live connection: never yet joined, joined, lost after joining (its changes come
 * when it is back), or given up on (no realtime where the data lives: the inbox works as it
 * would without it).
 */
export type Connection = "connecting" | "live" | "down" | "unavailable";

/** How the subscription's channel said it is doing (supabase-js's subscribe callback). */
export type ChannelStatus = "SUBSCRIBED" | "TIMED_OUT" | "CLOSED" | "CHANNEL_ERROR";

/** A row of public.contact_submission_changes as it arrives live: who changed which field. */
export interface LiveChange {
  submission_id: number;
  changed_by: string | null;
  changed_by_email: string | null;
  field: "status" | "note";
  new_value: string | null;
}

/** A row of public.contact_submission_deletions: that a submission went, and by whose hand. */
export interface LiveDeletion {
  submission_id: number;
  deleted_by: string | null;
  deleted_by_email: string | null;
}

/** What the database said happened, one row at a time. */
export type InboxEvent =
  | { kind: "arrived"; submission: Submission }
  | { kind: "updated"; submission: Submission }
  | { kind: "removed"; id: number }
  | { kind: "changed"; change: LiveChange }
  | { kind: "deleted"; deletion: LiveDeletion }
  /** A reply or an answer in a submission's thread, or a reply's delivery, changed. */
  | { kind: "thread"; submission_id: number }
  /** A saved reply was added, edited or deleted. */
  | { kind: "saved-replies" };

/** A postgres_changes payload as supabase-js hands it over. */
export interface ChangePayload {
  table: string;
  eventType: "INSERT" | "UPDATE" | "DELETE";
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const id = (value: unknown): number | undefined => {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) ? number : undefined;
};

/** The event a payload carries, or undefined for one this inbox does not follow. */
export function readInboxEvent(payload: ChangePayload): InboxEvent | undefined {
  if (payload.table === "contact_submissions") {
    if (payload.eventType === "DELETE") {
      // A deletion carries the primary key only, as hosted Supabase sends it.
      const gone = id(payload.old.id);
      return gone === undefined ? undefined : { kind: "removed", id: gone };
    }
    const row = payload.new;
    if (id(row.id) === undefined || !isSubmissionStatus(row.status)) return undefined;
    const submission = { ...row, id: id(row.id) } as unknown as Submission;
    return payload.eventType === "INSERT"
      ? { kind: "arrived", submission }
      : { kind: "updated", submission };
  }
  if (payload.table === "saved_replies") return { kind: "saved-replies" };
  const submissionId = id(payload.new.submission_id);
  if (payload.table === "submission_messages") {
    return submissionId === undefined ? undefined : { kind: "thread", submission_id: submissionId };
  }
  if (payload.eventType !== "INSERT" || submissionId === undefined) return undefined;
  if (payload.table === "contact_submission_changes") {
    const field = payload.new.field;
    if (field !== "status" && field !== "note") return undefined;
    return {
      kind: "changed",
      change: {
        submission_id: submissionId,
        changed_by: text(payload.new.changed_by),
        changed_by_email: text(payload.new.changed_by_email),
        field,
        new_value: text(payload.new.new_value),
      },
    };
  }
  if (payload.table === "contact_submission_deletions") {
    return {
      kind: "deleted",
      deletion: {
        submission_id: submissionId,
        deleted_by: text(payload.new.deleted_by),
        deleted_by_email: text(payload.new.deleted_by_email),
      },
    };
  }
  return undefined;
}

/**
 * What other members did to the open submission since it was opened: who last did it (their
 * address, or null when the database did not say) and what.
 */
export interface OthersWork {
  by: string | null;
  /** The status they set, last. */
  status?: SubmissionStatus;
  /** They changed the note. */
  note?: boolean;
  /** They deleted it. */
  deleted?: boolean;
  /** Not a member: the visitor answered by mail, and the database set the status for them. */
  answered?: boolean;
}

type Said = { kind: "arrived"; count: number; name: string } | { kind: "others"; work: OthersWork };

/** What the polite region says next; `serial` makes the same words heard twice. */
export type Announcement = Said & { serial: number };

export interface LiveInbox {
  connection: Connection;
  /** Submissions that arrived since the member last looked at the inbox. */
  unseen: number;
  /** The submission open in the detail, and others' work on it. */
  open: number | undefined;
  others: OthersWork | undefined;
  /** The open submission is gone; `by` undefined until the database says who took it. */
  removal: { by: string | null | undefined; mine: boolean } | undefined;
  announcement: Announcement | undefined;
  /**
   * Rows changed (a row) or deleted (null) since the list was last read: shown over what was
   * read until it is read again.
   */
  edits: Readonly<Record<number, Submission | null>>;
  /** Each bumped when the list (and its counts), or the open submission, should be read again. */
  listReads: number;
  openReads: number;
}

export const initialLiveInbox: LiveInbox = {
  connection: "connecting",
  unseen: 0,
  open: undefined,
  others: undefined,
  removal: undefined,
  announcement: undefined,
  edits: {},
  listReads: 0,
  openReads: 0,
};

/** Joins that may fail before the first succeeds, before the inbox stops asking for one. */
export const joinAttempts = 3;

/** What an arrival's announcement needs of the submission. */
export type Arrival = Pick<Submission, "id" | "name" | "status">;

export type LiveAction =
  | { type: "event"; event: InboxEvent; me: string | undefined }
  | { type: "channel"; status: ChannelStatus }
  /** The browser says the network is gone: said at once, before the connection notices. */
  | { type: "offline" }
  /** What arrived while the connection was down, read once it is back: said as if heard live. */
  | { type: "arrivals"; submissions: readonly Arrival[] }
  | { type: "unavailable" }
  | { type: "looked" }
  /**
   * Time to read again what went stale; `everything` after a lost connection, when what others
   * did meanwhile is known only from what is read (the history).
   */
  | { type: "read"; list: boolean; open: boolean; everything?: boolean }
  | { type: "open"; id: number | undefined };

function announce(state: LiveInbox, said: Said): Announcement {
  return { ...said, serial: (state.announcement?.serial ?? 0) + 1 };
}

/** Others' work on the open submission with one more change: the latest hand names it. */
function withChange(others: OthersWork | undefined, change: LiveChange): OthersWork {
  // A change no member made: the visitor's answer, read from the team's mailbox, set it.
  if (change.changed_by === null && change.field === "status" && change.changed_by_email) {
    return isSubmissionStatus(change.new_value)
      ? { by: null, answered: true, status: change.new_value }
      : { by: null, answered: true };
  }
  const by = change.changed_by_email;
  const base: OthersWork = others && others.by === by ? others : { by };
  return change.field === "status" && isSubmissionStatus(change.new_value)
    ? { ...base, status: change.new_value }
    : change.field === "note"
      ? { ...base, note: true }
      : base;
}

function onArrival(state: LiveInbox, submission: Arrival): LiveInbox {
  // What "all" leaves out (spam) waits in its own view: it interrupts nobody.
  if (!withinAll(submission.status)) return state;
  const previous = state.announcement;
  // Several close together are said as a number, once the first has been.
  const count = previous?.kind === "arrived" && state.unseen > 0 ? previous.count + 1 : 1;
  return {
    ...state,
    unseen: state.unseen + 1,
    announcement: announce(state, { kind: "arrived", count, name: submission.name }),
  };
}

function onEvent(state: LiveInbox, event: InboxEvent, me: string | undefined): LiveInbox {
  switch (event.kind) {
    case "arrived":
      return onArrival(state, event.submission);
    case "changed": {
      const { change } = event;
      if (change.submission_id !== state.open || (me && change.changed_by === me)) return state;
      const others = withChange(state.others, change);
      return { ...state, others, announcement: announce(state, { kind: "others", work: others }) };
    }
    case "removed": {
      const edits = { ...state.edits, [event.id]: null };
      if (event.id !== state.open || state.removal) return { ...state, edits };
      return { ...state, edits, removal: { by: undefined, mine: false } };
    }
    case "deleted": {
      const { deletion } = event;
      if (deletion.submission_id !== state.open) return state;
      const mine = Boolean(me && deletion.deleted_by === me);
      const removal = { by: deletion.deleted_by_email, mine };
      if (mine) return { ...state, removal };
      const others: OthersWork = { by: deletion.deleted_by_email, deleted: true };
      return {
        ...state,
        removal,
        others,
        announcement: announce(state, { kind: "others", work: others }),
      };
    }
    case "updated":
      return { ...state, edits: { ...state.edits, [event.submission.id]: event.submission } };
    case "thread":
    case "saved-replies":
      return state;
  }
}

function onChannel(state: LiveInbox, status: ChannelStatus): LiveInbox {
  if (status === "SUBSCRIBED") return { ...state, connection: "live" };
  return state.connection === "live" ? { ...state, connection: "down" } : state;
}

export function liveInboxReducer(state: LiveInbox, action: LiveAction): LiveInbox {
  switch (action.type) {
    case "event":
      return onEvent(state, action.event, action.me);
    case "channel":
      return onChannel(state, action.status);
    case "offline":
      return state.connection === "live" ? { ...state, connection: "down" } : state;
    case "arrivals":
      return action.submissions.reduce(onArrival, state);
    case "unavailable":
      return state.connection === "connecting" ? { ...state, connection: "unavailable" } : state;
    case "read":
      return {
        ...state,
        ...(action.list ? { listReads: state.listReads + 1, edits: {} } : {}),
        ...(action.open ? { openReads: state.openReads + 1 } : {}),
        ...(action.everything ? { others: undefined } : {}),
      };
    case "looked":
      return state.unseen === 0 ? state : { ...state, unseen: 0 };
    case "open":
      return action.id === state.open
        ? state
        : { ...state, open: action.id, others: undefined, removal: undefined };
  }
}

/** The rows as read, with what changed since: changed rows in place, deleted ones gone. */
export function withLiveRows(rows: readonly Submission[], edits: LiveInbox["edits"]): Submission[] {
  return rows.flatMap((row) => {
    const edit = edits[row.id];
    return edit === null ? [] : [edit ?? row];
  });
}

/**
 * What needs reading again after an event: the list (and its counts) for any row, a submission
 * when its history grew. A row's own change is not read again in the open submission: what it
 * shows of triage comes with a history row, and being opened (seen) it does not show.
 */
export function staleAfter(event: InboxEvent): { list: boolean; submission: number | undefined } {
  switch (event.kind) {
    case "arrived":
    case "updated":
    case "removed":
      return { list: true, submission: undefined };
    case "changed":
      return { list: false, submission: event.change.submission_id };
    case "thread":
      return { list: false, submission: event.submission_id };
    case "deleted":
    case "saved-replies":
      return { list: false, submission: undefined };
  }
}

type LiveWords = InboxContent["live"];

/**
 * "Layla marked this “Done”", in the member's language, naming them as the team does (their
 * name, else their address); someone unnamed when the database did not say.
 */
export function othersLine(
  work: OthersWork,
  words: LiveWords,
  statuses: InboxContent["statuses"],
  nameOf: NameOf = teamNames([]),
) {
  if (work.answered) return words.answered(statuses[work.status ?? "new"]);
  const name = nameOf({ email: work.by });
  const who = name === undefined ? words.someone : isolate(name);
  if (work.deleted) return name === undefined ? words.gone : words.deleted(who);
  if (work.status && work.note) return words.markedAndNoted(who, statuses[work.status]);
  if (work.status) return words.marked(who, statuses[work.status]);
  return words.noted(who);
}

/** What the polite region says of an announcement. */
export function announcementWords(
  announcement: Announcement,
  language: Language,
  words: LiveWords,
  statuses: InboxContent["statuses"],
  nameOf?: NameOf,
): string {
  if (announcement.kind === "others") return othersLine(announcement.work, words, statuses, nameOf);
  return announcement.count === 1
    ? words.arrivedOne(isolate(announcement.name))
    : formatCount(language, announcement.count, words.arrivedMany);
}

/** The page's title with how many arrived unseen before it: "(2) Inbox | Kalima". */
export function countedTitle(title: string, unseen: number, language: Language): string {
  return unseen === 0 ? title : `(${formatNumber(language, unseen)}) ${title}`;
}
