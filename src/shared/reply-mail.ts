import type { Language } from "./language.ts";

// A reply from the inbox as the visitor reads it: the words of its frame, and its text part.
// Shared, so that the server's mail and the inbox's preview of it are the same characters.

export interface ReplyWords {
  /** A reply to a message sent from the contact page (the visitor got no mail before). */
  subject: string;
  /** A reply in the thread of a mail the visitor got (their registration's confirmation). */
  re: (subject: string) => string;
  team: string;
  /** Above the visitor's message, quoted. */
  quoted: (date: string, name: string) => string;
}

export const replyWords: Record<Language, ReplyWords> = {
  ar: {
    subject: "ردّ فريق كلمة على رسالتك",
    re: (subject) => `ردّ: ${subject}`,
    team: "فريق كلمة",
    quoted: (date, name) => `في ${date}، كتب ${name}:`,
  },
  en: {
    subject: "A reply from the Kalima team to your message",
    re: (subject) => `Re: ${subject}`,
    team: "The Kalima team",
    quoted: (date, name) => `On ${date}, ${name} wrote:`,
  },
};

/** The date a reply quotes, as the site's schedule says times: in Jordan's time. */
export function quotedDate(language: Language, at: string): string {
  return new Intl.DateTimeFormat(language === "ar" ? "ar-JO" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Amman",
  }).format(new Date(at));
}

export interface ReplyParts {
  /** The member's name and the team's, a line each. */
  signature: string;
  /** "On …, Layla wrote:" */
  intro: string;
  /** The visitor's message, each line after "> ". */
  quote: string;
  /** The whole text part. */
  text: string;
}

/** A reply's parts, in the language of the page the visitor wrote from. */
export function replyParts(reply: {
  language: Language;
  body: string;
  authorName: string | null;
  visitorName: string;
  message: string;
  writtenAt: string;
}): ReplyParts {
  const words = replyWords[reply.language];
  const signature = [reply.authorName, words.team].filter(Boolean).join("\n");
  const intro = words.quoted(quotedDate(reply.language, reply.writtenAt), reply.visitorName);
  const quote = reply.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return {
    signature,
    intro,
    quote,
    text: `${reply.body}\n\n-- \n${signature}\n\n${intro}\n${quote}\n`,
  };
}
