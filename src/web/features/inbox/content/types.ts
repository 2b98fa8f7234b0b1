// The inbox's own strings, in their own modules so that no public page loads them. ar.ts and
import type { NameProblem } from "../../../../shared/member-name.ts";
// en.ts both satisfy this shape.
import type { FormSource } from "../../../../shared/contact-submission.ts";
import type { ConversationKind, CsvColumn } from "../../../../shared/submissions-csv.ts";
import type { Confirmation, MailKind, WithheldReason } from "../model/mail.ts";
import type { SubmissionStatus } from "../model/submission.ts";
import type { CountedNoun } from "../../../components/team/format.ts";
import type { Language } from "../../../../shared/language.ts";
import type { SavedReplyProblem } from "../model/saved-reply.ts";

export interface InboxContent {
  meta: { title: string; description: string };
  /** The inbox's own frame: its name beside the brand. */
  frame: { name: string };
  shell: { loading: string; needsJavaScript: string };
  codeField: { label: string; hint: string; invalid: string };
  signIn: {
    title: string;
    lead: string;
    email: string;
    password: string;
    submit: string;
    submitting: string;
    missing: string;
    idleSignedOut: string;
    forgot: string;
  };
  forgot: {
    title: string;
    lead: string;
    submit: string;
    submitting: string;
    missing: string;
    sent: string;
    /** In place of the lead when no mail would carry the link. */
    mailOffLead: string;
    /** What to do instead; the operator's command follows it. */
    mailOff: string;
    failed: string;
    back: string;
  };
  password: {
    title: string;
    lead: string;
    recoveryTitle: string;
    recoveryLead: string;
    /** The account whose password is chosen, shown as the form's user name. */
    account: string;
    label: string;
    hint: string;
    /** The switch that shows the password typed, or hides it again. */
    show: string;
    tooShort: string;
    submit: string;
    submitting: string;
    failed: string;
  };
  enrol: {
    title: string;
    lead: string;
    preparing: string;
    qrAlt: string;
    secretLabel: string;
    secretHint: string;
    copy: string;
    copied: string;
    openApp: string;
    submit: string;
    submitting: string;
    failed: string;
  };
  /** An invitation taken up again after a reload, a closed tab or on another device. */
  invitation: {
    resumeLead: string;
    notInApp: string;
    showNew: string;
    rescanTitle: string;
    rescanBody: string;
  };
  /** The warning before an idle session signs itself out. */
  idle: { title: string; body: string; stay: string; signOut: string };
  /** A note typed and not saved, kept in this browser. */
  draft: {
    found: (when: string) => string;
    restore: string;
    discard: string;
  };
  code: { title: string; lead: string; submit: string; submitting: string; otherAccount: string };
  session: {
    /** The account's menu: who is signed in, and signing out. */
    menu: string;
    account: string;
    signOut: string;
    signOutEverywhere: string;
    /** The member's own name, which the team sees beside their work. */
    name: {
      label: string;
      hint: string;
      save: string;
      saved: string;
      problems: Record<NameProblem, string>;
      failed: (reason: string) => string;
    };
  };
  /** The inbox's parts, as the tabs under its heading name them. */
  views: { label: string; submissions: string; site: string; replies: string };
  /** Texts the team writes once and inserts into a reply: chosen in the reply box, managed in their view. */
  savedReplies: {
    /** The reply box's control. */
    picker: {
      label: string;
      hint: string;
      choose: string;
      insert: string;
      chooseFirst: string;
      /** Said once it is in the reply box. */
      inserted: (title: string) => string;
      none: string;
      failed: string;
      manage: string;
    };
    /** A group of saved replies, by the language they are written in. */
    inLanguage: Record<Language, string>;
    lead: string;
    loading: string;
    failed: string;
    empty: string;
    add: string;
    newTitle: string;
    editTitle: (title: string) => string;
    title: string;
    titleHint: string;
    language: string;
    languages: Record<Language, string>;
    body: string;
    bodyHint: string;
    problemsTitle: string;
    problems: Record<SavedReplyProblem, string>;
    save: string;
    saving: string;
    cancel: string;
    added: string;
    saved: string;
    saveFailed: string;
    /** The team keeps as many as the database allows already. */
    full: string;
    edit: string;
    /** The edit button's name, saying which saved reply it edits. */
    editNamed: (title: string) => string;
    remove: string;
    removeNamed: (title: string) => string;
    removeQuestion: (title: string) => string;
    removeConfirm: string;
    removed: string;
    removeFailed: string;
    /** Who changed it last, and when. */
    changedBy: (who: string, when: string) => string;
    someone: string;
    /** Another member changed or deleted it after this member opened it. */
    conflict: {
      changed: (who: string, when: string) => string;
      deleted: string;
      theirs: string;
      useTheirs: string;
      keepMine: string;
      saveAsNew: string;
      /** A deletion refused: it changed after this member read it. */
      notRemoved: (who: string, when: string) => string;
    };
  };
  list: {
    title: string;
    filters: string;
    /** The phone's one control for the folded filters, with how many are set. */
    showFilters: (set: number) => string;
    form: string;
    allForms: string;
    status: string;
    /** Every status but spam: the default view. */
    allStatuses: string;
    /** A filter's choice with how many it holds: "New (3)". */
    withCount: (label: string, count: string) => string;
    search: string;
    searchHint: string;
    searchSubmit: string;
    clear: string;
    submissions: CountedNoun;
    /** Submissions nobody on the team has opened yet, spam aside. */
    unread: CountedNoun;
    unreadMark: string;
    selectOne: (name: string) => string;
    selectPage: string;
    selected: CountedNoun;
    selectAllMatching: (count: string) => string;
    /** All the filter matches are chosen, past an exact count. */
    allMatchingSelected: string;
    bulkStatus: string;
    bulkApply: string;
    bulkDone: (count: string) => string;
    bulkFailed: string;
    pageOf: (page: string, pages: string) => string;
    /** Where the reader is when the last page is not known (a search past its count). */
    pageAt: (page: string) => string;
    /** A count past the exact limit: the database's estimate ("About 250000 submissions"). */
    about: (counted: string) => string;
    /** A search's count that stopped at its limit ("More than 1000 submissions"). */
    moreThan: (counted: string) => string;
    /** The same, for a bare number beside a filter's choice: "New (about 250000)". */
    aboutNumber: (count: string) => string;
    moreThanNumber: (count: string) => string;
    pages: string;
    previous: string;
    next: string;
    loading: string;
    empty: string;
    failed: string;
    isNew: string;
    from: string;
  };
  forms: Record<FormSource, string>;
  statuses: Record<SubmissionStatus, string>;
  detail: {
    back: string;
    loading: string;
    notFound: string;
    email: string;
    phone: string;
    form: string;
    received: string;
    /** A registration's confirmation to the address typed: what became of it. */
    confirmation: string;
    confirmationState: Record<Exclude<Confirmation["status"], "withheld">, string>;
    confirmationWithheld: Record<WithheldReason, string>;
    /** A confirmation waiting where no mail is sent: it never will be. */
    confirmationMailOff: string;
    message: string;
    reply: string;
    replySubject: string;
    /** The reply's first lines, quoting what the visitor wrote and when. */
    replyQuote: (name: string, when: string) => string;
    call: string;
    triage: string;
    status: string;
    note: string;
    noteHint: string;
    save: string;
    saving: string;
    saved: string;
    saveFailed: string;
    /** Moves a submission marked spam back among the new ones. */
    notSpam: string;
    movedOutOfSpam: string;
    markUnread: string;
    markedUnread: string;
    remove: string;
    removeQuestion: string;
    removeConfirm: string;
    removed: string;
    erase: string;
    eraseQuestion: (email: string) => string;
    eraseConfirm: string;
    erased: (count: string) => string;
    removeFailed: string;
    cancel: string;
    history: string;
    noHistory: string;
    statusChange: (from: string, to: string) => string;
    noteChange: string;
    /** A member replied to the visitor from the inbox. */
    replied: string;
    /** The visitor answered by mail (read from the team's mailbox). */
    answered: string;
    someone: string;
  };
  /** The conversation with the visitor, and the reply written in the inbox. */
  thread: {
    title: string;
    empty: string;
    /** A member's reply, by the name they had when they sent it. */
    from: (name: string) => string;
    /** The visitor's answer, mailed back. */
    answer: string;
    /** Mail that came back from a machine: an out-of-office or another automatic reply. */
    automatic: string;
    /** Mail that came back and the mailbox's filter marked as spam. */
    spamAnswer: string;
    /** Opens the earlier mail an answer quoted. */
    quoted: string;
    /** An answer's attachments, which stay in the team's mailbox. */
    attachments: (count: number) => string;
    unnamed: string;
    delivery: Record<"pending" | "sent" | "retrying" | "failed", string>;
    label: string;
    hint: string;
    send: string;
    sending: string;
    sent: string;
    failed: string;
    emptyReply: string;
    tooMany: string;
    spam: string;
    /** The reply typed and not sent, back in the box, and since when. */
    kept: (when: string) => string;
    discard: string;
    /** The mail as the visitor will read it. */
    preview: string;
    previewTo: string;
  };
  /** The inbox as others change it: arrivals, their work, the connection that carries them. */
  live: {
    /** A new submission, by its sender's name. */
    arrivedOne: (name: string) => string;
    /** Several arrived close together. */
    arrivedMany: CountedNoun;
    /** Another member's work on the open submission, by the name part of their address. */
    marked: (who: string, status: string) => string;
    noted: (who: string) => string;
    markedAndNoted: (who: string, status: string) => string;
    deleted: (who: string) => string;
    /** Deleted, and the database did not say by whom (kept past its time, say). */
    gone: string;
    /** The visitor answered by mail, which set the submission's status (back to new). */
    answered: (status: string) => string;
    /** A member whose address the database did not give. */
    someone: string;
    /** The live connection was lost; what it would bring waits for it. */
    offline: string;
  };
  mail: {
    title: string;
    off: string;
    /** How many mails of the last 30 days (model/mail.ts) could not be sent. */
    failed: CountedNoun;
    kinds: Record<MailKind, string>;
    attempts: CountedNoun;
    lastError: string;
    submission: (id: string) => string;
  };
  notMember: { title: string; lead: string; signOut: string };
  /** The inbox's CSV: its header in the inbox's language; the time column names the zone. */
  csv: {
    columns: Record<Exclude<CsvColumn, "created_at">, string>;
    receivedIn: (timeZone: string) => string;
    /** Each message of the conversation: a member's reply (out), the sender's answer (in). */
    messageKinds: Record<ConversationKind, string>;
  };
  exportCsv: {
    button: string;
    exporting: string;
    done: string;
    failed: string;
  };
}
