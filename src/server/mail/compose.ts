import type { SendMailOptions } from "nodemailer";
import { localizedPath, type Language } from "../../shared/language.ts";
import { formatEveryWeekday, formatTimeRange } from "../../shared/schedule-format.ts";
import { siteContentSchemas } from "../../shared/site-content.ts";
import { replyParts, replyWords } from "../../shared/reply-mail.ts";
import { escapeHtml } from "./escape-html.ts";
import { mailContent } from "./mail-content.ts";

export type MailKind = "submission" | "registration" | "invite" | "recovery" | "reply";

/** A row of public.mail_outbox, as the worker claims it. */
export interface OutboxMail {
  id: string;
  message_id: string;
  kind: MailKind;
  submission_id: string | null;
  recipient: string | null;
  language: Language | null;
  link: string | null;
  attempts: number;
}

/** The submission a mail tells of: the visitor's words, never changed after the insert. */
export interface SubmissionFacts {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  form_source: string;
  language: Language;
  created_at: string;
}

/** A member's reply from the inbox, as the worker claims its mail. */
export interface ReplyFacts {
  body: string;
  author_name: string | null;
  /**
   * The thread's earlier mails, oldest first: ours by their outbox row's uuid, the visitor's by
   * the Message-ID their mail gave.
   */
  thread: { ours: boolean; id: string }[];
  /** The visitor got their registration's confirmation: the reply answers under its subject. */
  confirmed: boolean;
}

export interface ComposeSettings {
  from: string;
  notifyTo: string[];
  notifyLanguage: Language;
  siteUrl: string;
  /** The team's mailbox, where a visitor's answer to a reply goes. */
  replyTo?: string;
}

export class UnsendableMailError extends Error {
  override name = "UnsendableMailError";
}

/**
 * Mirrors internal.is_mailable_address: one address, none of the characters that would make an
 * address header name a second one or carry a display name of its own.
 */
export const mailableAddress =
  /^[^\][\s\p{Cc},;:<>"()\\@]+@[^\][\s\p{Cc},;:<>"()\\@]+\.[^\][\s\p{Cc},;:<>"()\\@.]+$/u;

export function isMailableAddress(address: string): boolean {
  return address.length <= 254 && mailableAddress.test(address);
}

/**
 * A visitor's text made safe for a header (a subject, a display name): line breaks and every
 * other control character become spaces, so nothing can start a header of its own.
 */
export function headerText(text: string, maxLength = 120): string {
  const flat = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/u.exec(mailbox)?.[1] ?? mailbox.trim();
}

/** A Message-ID stable across attempts: the outbox row's uuid at the sender's domain. */
export function messageIdFor(mail: Pick<OutboxMail, "message_id">, from: string): string {
  const domain = addressOf(from).split("@")[1] ?? "localhost";
  return `<${mail.message_id}@${domain}>`;
}

interface Field {
  label: string;
  value: string;
  href?: string;
  /** Addresses and numbers read left to right in an Arabic mail too. */
  ltr?: boolean;
  /** Our own words (not the visitor's): in the mail's direction, isolated from nothing. */
  ours?: boolean;
}

// Unicode's isolates (UAX #9): a visitor's line keeps its own direction whatever surrounds it.
const firstStrongIsolate = "\u2068";
const leftToRightIsolate = "\u2066";
const popIsolate = "\u2069";

/**
 * A field's value as the HTML shows it: addresses and numbers left to right; a visitor's words
 * with each line taking the direction of its own first letter (an Arabic line in an English
 * mail, an English one in an Arabic mail), so no number or parenthesis moves.
 */
function isolatedHtml(field: Field, html: string): string {
  if (field.ours) return html;
  return field.ltr
    ? `<bdi dir="ltr">${html}</bdi>`
    : `<div dir="auto" style="unicode-bidi:plaintext">${html}</div>`;
}

/** The same in the plain-text part, with Unicode's isolating marks around each line. */
function isolatedText(field: Field): string {
  if (field.ours) return field.value;
  if (field.ltr) return `${leftToRightIsolate}${field.value}${popIsolate}`;
  return field.value
    .split("\n")
    .map((line) => `${firstStrongIsolate}${line}${popIsolate}`)
    .join("\n");
}

/** The one layout of every mail: a heading, paragraphs, a list of fields, a button. */
function html(
  language: Language,
  parts: { title: string; paragraphs: string[]; fields?: Field[]; action?: Field; notes: string[] },
): string {
  const dir = language === "ar" ? "rtl" : "ltr";
  const align = language === "ar" ? "right" : "left";
  const font =
    language === "ar" ? "Tahoma, 'Segoe UI', Arial, sans-serif" : "'Segoe UI', Arial, sans-serif";
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(text)}</p>`;
  const fields = (parts.fields ?? [])
    .map(
      (field) =>
        `<tr><th scope="row" style="text-align:${align};vertical-align:top;padding:8px 0;padding-inline-end:16px;color:#5b6478;font-weight:600;white-space:nowrap">${escapeHtml(field.label)}</th>` +
        `<td style="padding:8px 0;white-space:pre-line;word-break:break-word">${isolatedHtml(
          field,
          field.href
            ? `<a href="${escapeHtml(field.href)}" style="color:#1a2a4f">${escapeHtml(field.value)}</a>`
            : escapeHtml(field.value),
        )}</td></tr>`,
    )
    .join("");
  const action = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.href ?? "")}" style="display:inline-block;background:#c9a227;color:#101a33;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:700">${escapeHtml(parts.action.label)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea">
<div dir="${dir}" style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:${font};font-size:16px;line-height:${language === "ar" ? "1.9" : "1.6"};color:#1d2433;text-align:${align}">
<div style="background:#101a33;color:#e8c65a;padding:16px 24px;border-radius:8px 8px 0 0;font-size:22px;font-weight:700">${language === "ar" ? "كلمة" : "Kalima"}</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px;border-top:3px solid #c9a227">
<h1 style="margin:0 0 16px;font-size:20px;color:#101a33">${escapeHtml(parts.title)}</h1>
${parts.paragraphs.map(paragraph).join("\n")}
${fields ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${fields}</table>` : ""}
${action}
${parts.notes.map((note) => `<p style="margin:0 0 8px;font-size:14px;color:#5b6478">${escapeHtml(note)}</p>`).join("\n")}
</div>
</div>
</body>
</html>
`;
}

function text(parts: { paragraphs: string[]; fields?: Field[]; action?: Field; notes: string[] }) {
  const fields = (parts.fields ?? []).map((field) => `${field.label}: ${isolatedText(field)}`);
  const action = parts.action ? [`${parts.action.label}:\n${parts.action.href ?? ""}`] : [];
  return [...parts.paragraphs, fields.join("\n"), ...action, ...parts.notes]
    .filter((part) => part !== "")
    .join("\n\n")
    .concat("\n");
}

function composeSubmission(
  mail: OutboxMail,
  submission: SubmissionFacts,
  settings: ComposeSettings,
): SendMailOptions {
  const language = settings.notifyLanguage;
  const words = mailContent[language];
  const registration = submission.form_source === "Mutakallim Program";
  const form = registration ? words.forms.registration : words.forms.contact;
  const name = headerText(submission.name, 80);
  const subject = registration
    ? words.submission.subjectRegistration(name)
    : words.submission.subjectContact(name);
  const inbox = `${settings.siteUrl}${localizedPath("/inbox", language)}?open=${submission.id}`;
  const mailable = isMailableAddress(submission.email);
  const fields: Field[] = [
    { label: words.submission.name, value: submission.name },
    {
      label: words.submission.email,
      value: submission.email,
      ltr: true,
      ...(mailable ? { href: `mailto:${submission.email}` } : {}),
    },
    submission.phone
      ? { label: words.submission.phone, value: submission.phone, ltr: true }
      : { label: words.submission.phone, value: words.submission.noPhone, ours: true },
    { label: words.submission.message, value: submission.message },
  ];
  const parts = {
    paragraphs: [words.submission.intro(form)],
    fields,
    action: { label: words.submission.open, value: inbox, href: inbox },
    notes: mailable ? [words.submission.replyHint] : [],
  };
  return {
    to: settings.notifyTo,
    ...(mailable ? { replyTo: { name, address: submission.email } } : {}),
    subject,
    text: text(parts),
    html: html(language, { title: subject, ...parts }),
  };
}

/**
 * The program's facts as the site publishes them when the mail is written: what the team last
 * set in the site editor. None when they cannot be read; the mail still confirms.
 */
function programFacts(program: unknown, language: Language): Field[] {
  const parsed = siteContentSchemas.mutakallim.safeParse(program);
  if (!parsed.success) return [];
  const { duration, sessions } = parsed.data;
  const words = mailContent[language].registration;
  const when = `${formatEveryWeekday(language, sessions.day)}${words.comma} ${formatTimeRange(language, sessions.start, sessions.end)} ${words.timeZone}`;
  return [
    { label: words.duration, value: duration[language], ours: true },
    { label: words.sessions, value: when, ours: true },
  ];
}

/**
 * The registrant's confirmation: the program's facts, nothing they typed. Its address is
 * unproved (anyone can type anyone's), so a name or a message here would let a stranger mail
 * their own words from the initiative's address.
 */
function composeRegistration(
  mail: OutboxMail,
  submission: SubmissionFacts,
  program: unknown,
): SendMailOptions {
  const recipient = mail.recipient ?? "";
  if (!isMailableAddress(recipient)) throw new UnsendableMailError("not a mailable address");
  const language = mail.language ?? submission.language;
  const words = mailContent[language].registration;
  const parts = {
    paragraphs: [words.greeting, words.received],
    fields: programFacts(program, language),
    notes: [words.next, words.signature, words.unsolicited],
  };
  return {
    to: recipient,
    subject: words.subject,
    text: text(parts),
    html: html(language, { title: words.subject, ...parts }),
  };
}

function composeLink(mail: OutboxMail, kind: "invite" | "recovery"): SendMailOptions {
  const recipient = mail.recipient ?? "";
  if (!isMailableAddress(recipient)) throw new UnsendableMailError("not a mailable address");
  if (!mail.link) throw new UnsendableMailError("the mail has no link");
  const language = mail.language ?? "ar";
  const words = mailContent[language][kind];
  const parts = {
    paragraphs: [words.body],
    action: { label: words.action, value: mail.link, href: mail.link },
    notes: [words.expiry, words.unsolicited],
  };
  return {
    to: recipient,
    subject: words.subject,
    text: text(parts),
    html: html(language, { title: words.subject, ...parts }),
  };
}

/** A Message-ID as another mail gave it: one id in angle brackets, nothing that ends a header. */
const foreignMessageId = /^<[^<>\s\p{Cc}]{1,250}>$/u;

/**
 * A member's reply: their words and name, the visitor's message quoted below, in the thread of
 * what the visitor got before. Only ever to the submission's own address, text as text: every
 * character of the member's and the visitor's words is escaped in the HTML part.
 */
function composeReply(
  mail: OutboxMail,
  submission: SubmissionFacts,
  reply: ReplyFacts,
  settings: ComposeSettings,
): SendMailOptions {
  const recipient = mail.recipient ?? "";
  if (!isMailableAddress(recipient)) throw new UnsendableMailError("not a mailable address");
  if (recipient.toLowerCase() !== submission.email.toLowerCase()) {
    throw new UnsendableMailError("a reply goes to its submission's address only");
  }
  const language = mail.language ?? submission.language;
  const words = replyWords[language];
  const subject = reply.confirmed
    ? words.re(mailContent[language].registration.subject)
    : words.subject;
  const domain = addressOf(settings.from).split("@")[1] ?? "localhost";
  const references = reply.thread
    .map(({ ours, id }) => (ours ? `<${id}@${domain}>` : id))
    .filter((id) => foreignMessageId.test(id));
  const { signature, intro, text } = replyParts({
    language,
    body: reply.body,
    authorName: reply.author_name,
    visitorName: submission.name,
    message: submission.message,
    writtenAt: submission.created_at,
  });
  const dir = language === "ar" ? "rtl" : "ltr";
  const font =
    language === "ar" ? "Tahoma, 'Segoe UI', Arial, sans-serif" : "'Segoe UI', Arial, sans-serif";
  const block = (body: string, style = "") =>
    `<div dir="auto" style="unicode-bidi:plaintext;white-space:pre-line;${style}">${escapeHtml(body)}</div>`;
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:${font};font-size:16px;line-height:${language === "ar" ? "1.9" : "1.6"};color:#1d2433">
<div dir="${dir}">
${block(reply.body, "margin:0 0 24px")}
${block(signature, "margin:0 0 24px;color:#5b6478")}
${block(intro, "margin:0 0 8px;color:#5b6478;font-size:14px")}
<blockquote style="margin:0;padding-inline-start:12px;border-inline-start:3px solid #c9a227;color:#5b6478">${block(submission.message)}</blockquote>
</div>
</body>
</html>
`;
  return {
    to: { name: headerText(submission.name, 80), address: recipient },
    ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
    subject,
    text,
    html,
    ...(references.length > 0
      ? { inReplyTo: references.at(-1), references: references.join(" ") }
      : {}),
  };
}

/**
 * The message for one outbox row, ready for nodemailer; throws when it can never be sent.
 * `program` is Mutakallim's published content, which a registration's confirmation states;
 * `reply` the member's words and the thread, for a reply.
 */
export function composeMail(
  mail: OutboxMail,
  submission: SubmissionFacts | null,
  settings: ComposeSettings,
  program?: unknown,
  reply?: ReplyFacts | null,
): SendMailOptions {
  const about = () => {
    if (!submission) throw new UnsendableMailError("the submission is gone");
    return submission;
  };
  let message: SendMailOptions;
  // Exhaustive: a new kind does not compile until it has its mail.
  switch (mail.kind) {
    case "invite":
    case "recovery":
      message = composeLink(mail, mail.kind);
      break;
    case "submission":
      message = composeSubmission(mail, about(), settings);
      break;
    case "registration":
      message = composeRegistration(mail, about(), program);
      break;
    case "reply":
      if (!reply) throw new UnsendableMailError("the reply is gone");
      // A member wrote it: an auto-responder may answer, as it would any person's mail.
      return {
        ...composeReply(mail, about(), reply, settings),
        from: settings.from,
        messageId: messageIdFor(mail, settings.from),
      };
    default: {
      const unknown: never = mail.kind;
      throw new UnsendableMailError(`no mail is written for the kind ${String(unknown)}`);
    }
  }
  return {
    ...message,
    from: settings.from,
    messageId: messageIdFor(mail, settings.from),
    // RFC 3834: a machine wrote this; auto-responders stay quiet.
    headers: { "Auto-Submitted": "auto-generated" },
  };
}
