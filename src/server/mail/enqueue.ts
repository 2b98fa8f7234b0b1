import type { Queryable } from "../db/database.ts";
import { addressedPage, defaultLanguage, type Language } from "../../shared/language.ts";

/** The language a link leads to: English for /en/…, else Arabic. */
export function languageOfAddress(address: string): Language {
  try {
    return addressedPage(new URL(address).pathname).language ?? defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/**
 * An invitation's or a password reset's link, to be mailed by the worker; written in the
 * transaction that made the token, so the mail goes if and only if the token exists.
 */
export async function enqueueLinkMail(
  tx: Queryable,
  mail: { kind: "invite" | "recovery"; recipient: string; language: Language; link: string },
): Promise<void> {
  await tx.query(
    `insert into public.mail_outbox (kind, recipient, language, link) values ($1, $2, $3, $4)`,
    [mail.kind, mail.recipient, mail.language, mail.link],
  );
}
