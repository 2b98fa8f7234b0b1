import { createHash } from "node:crypto";
import { simpleParser, type ParsedMail } from "mailparser";

/** A mail that came into the team's mailbox, as the thread keeps it. */
export interface IncomingMail {
  /** Its own Message-ID (or one made from its place in the mailbox when it has none). */
  messageId: string;
  /** In-Reply-To, then References newest first: the mails it answers. */
  refs: string[];
  kind: "answer" | "auto" | "spam";
  fromAddress: string | null;
  subject: string | null;
  /** What the sender wrote, without the earlier mail they quoted. */
  body: string;
  /** The earlier mail quoted below the answer, folded in the inbox; null when there is none. */
  quoted: string | null;
  attachments: AttachmentListing[];
}

export interface AttachmentListing {
  name: string;
  type: string;
  size: number;
}

/** At most this many attachments are listed; the rest are counted in the last entry's name. */
const attachmentsListed = 20;

const messageIdPattern = /<[^<>\s\p{Cc}]{1,250}>/gu;

/** The ids in a header such as References, in the order they appear. */
export function messageIds(header: string | undefined): string[] {
  return header?.match(messageIdPattern) ?? [];
}

/** The mails this one answers, nearest first: In-Reply-To, then References from the end. */
export function answeredIds(inReplyTo: string | undefined, references: string | undefined) {
  const ids = [...messageIds(inReplyTo), ...messageIds(references).reverse()];
  return [...new Set(ids)].slice(0, 50);
}

const autoSubjects = [
  /^\s*(out of (the )?office|automatic reply|auto(matic)?[- ]?(reply|response)|autoreply|vacation|away from)/iu,
  /^\s*(undeliverable|delivery status notification|mail delivery (failed|subsystem)|returned mail)/iu,
  /^\s*(ردّ?|رد) (تلقائي|آلي)/u,
  /^\s*(خارج المكتب|غير متواجد|إجازة)/u,
];

/**
 * A header as mailparser gives it, lowercased and trimmed: its text, or the value of a structured
 * header (Content-Type's type); undefined when the mail has none.
 */
function headerText(headers: Map<string, unknown>, name: string): string | undefined {
  const value = headers.get(name);
  if (value === undefined) return undefined;
  if (typeof value === "string") return value.trim().toLowerCase();
  if (typeof value === "object" && value !== null && "value" in value)
    return String(value.value).trim().toLowerCase();
  return JSON.stringify(value).toLowerCase();
}

/**
 * An automatic reply, by the headers that RFC 3834 and the common mail servers set (Auto-Submitted,
 * Precedence, Exchange's and others' markers, a null sender, a delivery report), or failing those
 * by a subject that says so.
 */
function isAutomatic(headers: Map<string, unknown>, subject: string): boolean {
  const text = (name: string) => headerText(headers, name);
  const submitted = text("auto-submitted");
  if (submitted !== undefined && submitted !== "no") return true;
  if (["auto_reply", "auto-reply", "bulk", "junk", "list"].includes(text("precedence") ?? ""))
    return true;
  if (
    ["x-autoreply", "x-autorespond", "x-autoreply-from", "x-mail-autoreply"].some((name) =>
      headers.has(name),
    )
  )
    return true;
  if (text("return-path") === "<>") return true;
  if (/multipart\/report/u.test(text("content-type") ?? "")) return true;
  return autoSubjects.some((pattern) => pattern.test(subject));
}

/** Spam, as the mailbox's own filter marked it: SpamAssassin's and Rspamd's headers, or a flag. */
function isSpam(headers: Map<string, unknown>, flags: ReadonlySet<string>): boolean {
  const flag = (name: string) => headerText(headers, name) ?? "";
  if (flag("x-spam-flag").startsWith("yes")) return true;
  if (flag("x-spam-status").startsWith("yes")) return true;
  if (flag("x-spam") === "yes" || flag("x-spam") === "true") return true;
  return [...flags].some((name) => /^\$?junk$/iu.test(name));
}

// The line a mail program writes above the mail it quotes, in the languages the team meets:
// "On … wrote:", «في … كتب:», Outlook's separators and headers.
const attribution = [
  /^\s*on\b.{0,300}\bwrote:\s*$/iu,
  /^\s*في\s.{0,300}كتب\s*:?\s*$/u,
  /^\s*le\b.{0,300}a écrit\s*:\s*$/iu,
  /^\s*-{2,}\s*(original message|forwarded message|الرسالة الأصلية|رسالة مُعاد توجيهها)\s*-{2,}\s*$/iu,
  /^\s*_{20,}\s*$/u,
  /^\s*(from|من):\s.+$/iu,
];

/**
 * Splits an answer's text at the earlier mail it quotes: at the first attribution line (which may
 * run over two lines) or at the first line of a quoted block that runs to the end. The answer
 * itself is never empty: a mail that is all quote is kept whole.
 */
export function foldQuote(text: string): { body: string; quoted: string | null } {
  const lines = text.replace(/\r\n?/gu, "\n").split("\n");
  let cut = -1;
  for (let index = 0; index < lines.length && cut < 0; index += 1) {
    const line = lines[index] ?? "";
    const joined = `${line} ${lines[index + 1] ?? ""}`;
    if (attribution.some((pattern) => pattern.test(line))) cut = index;
    else if (/^\s*on\b/iu.test(line) && /wrote:\s*$/iu.test(joined)) cut = index;
    else if (
      line.startsWith(">") &&
      lines.slice(index).every((rest) => rest.startsWith(">") || rest.trim() === "")
    )
      cut = index;
  }
  const body = (cut < 0 ? lines : lines.slice(0, cut)).join("\n").trim();
  if (cut < 0 || body === "") return { body: text.trim(), quoted: null };
  const quoted = lines.slice(cut).join("\n").trim();
  return { body, quoted: quoted === "" ? null : quoted };
}

function attachmentsOf(parsed: ParsedMail): AttachmentListing[] {
  const listed = parsed.attachments
    .filter((attachment) => attachment.contentDisposition !== "inline" || attachment.filename)
    .map((attachment) => ({
      name: (attachment.filename ?? "").replaceAll("\u0000", "").slice(0, 200),
      type: attachment.contentType.slice(0, 100),
      size: attachment.size,
    }));
  if (listed.length <= attachmentsListed) return listed;
  return [
    ...listed.slice(0, attachmentsListed - 1),
    { name: `+${listed.length - attachmentsListed + 1}`, type: "", size: 0 },
  ];
}

function mailboxTag(mailbox: string): string {
  return createHash("sha256").update(mailbox).digest("hex").slice(0, 16);
}

export interface MailboxPlace {
  /** The mailbox's identity and UIDVALIDITY with the mail's UID: a name for a mail without one. */
  mailbox: string;
  uidValidity: string;
  uid: number;
  flags: ReadonlySet<string>;
}

/**
 * Reads one mail from the mailbox as the thread keeps it. Its text is the plain part (or the
 * HTML part's text); its attachments are listed by name, type and size and not kept.
 */
export async function readIncomingMail(
  source: Buffer,
  place: MailboxPlace,
  /** For a mail read only in part: its attachments, as the mailbox's structure of it lists them. */
  listed?: AttachmentListing[],
): Promise<IncomingMail> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const headers = parsed.headers as Map<string, unknown>;
  const subject = parsed.subject ?? "";
  const ownId = messageIds(parsed.messageId)[0];
  const text = parsed.text ?? (typeof parsed.html === "string" ? parsed.html : "");
  const { body, quoted } = foldQuote(text);
  const from = parsed.from?.value[0]?.address ?? null;
  // PostgreSQL's text holds no NUL; a mail may.
  const clean = (value: string) => value.replaceAll("\u0000", "");
  return {
    messageId:
      ownId ?? `<${place.uidValidity}.${place.uid}.${mailboxTag(place.mailbox)}@mailbox.invalid>`,
    refs: answeredIds(parsed.inReplyTo, [parsed.references ?? []].flat().join(" ")),
    kind: isSpam(headers, place.flags) ? "spam" : isAutomatic(headers, subject) ? "auto" : "answer",
    fromAddress: from === null ? null : clean(from),
    subject: subject === "" ? null : clean(subject),
    // A mail of attachments alone still has its place in the thread.
    body: clean(body).trim() || "—",
    quoted: quoted === null ? null : clean(quoted),
    attachments: listed ?? attachmentsOf(parsed),
  };
}
