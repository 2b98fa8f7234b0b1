import { randomUUID } from "node:crypto";
import { ImapFlow, type MessageStructureObject } from "imapflow";
import { isLoopback } from "../config.ts";
import type { Database } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
import { readIncomingMail, type AttachmentListing, type IncomingMail } from "./answer.ts";

export interface MailboxWatcherOptions {
  db: Database;
  /** `imaps://user:password@host:993/INBOX`, or `imap://` with STARTTLS (plain only on loopback). */
  imapUrl: string;
  log: Logger;
  /** How often the mailbox is looked at when IDLE tells nothing (and a waiting instance retries). */
  pollMs?: number;
  /** How far back the first look goes, for a mailbox never read before (or renumbered). */
  firstLookDays?: number;
}

/** A mail larger than this is read in part: its text, and its attachments from its structure. */
const wholeMailBytes = 4 * 1024 * 1024;
/** How much of a larger mail is read for its text. */
const partMailBytes = 1024 * 1024;
/** Mails looked at in one pass; the rest wait for the next, so one pass stays short. */
const mailsPerPass = 200;

interface MailboxAddress {
  client: ConstructorParameters<typeof ImapFlow>[0];
  /** The account and folder, without the password: one hold and one place read per mailbox. */
  key: string;
  path: string;
}

/** The connection an IMAP URL describes. Certificates are checked (Node's defaults). */
export function mailboxAddress(imapUrl: string): MailboxAddress {
  const url = new URL(imapUrl);
  const secure = url.protocol === "imaps:";
  const host = url.hostname.replace(/^\[|\]$/gu, "");
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  const path = decodeURIComponent(url.pathname.replace(/^\//u, "")) || "INBOX";
  return {
    client: {
      host,
      port,
      secure,
      // Off this machine, `imap://` must turn to TLS before the password is sent.
      ...(secure ? {} : isLoopback(host) ? {} : { doSTARTTLS: true }),
      auth: { user, pass: decodeURIComponent(url.password) },
      logger: false,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      // The poll below looks at the mailbox anyway; IDLE only makes an answer arrive sooner.
      maxIdleTime: 5 * 60_000,
    },
    key: `${user}@${host}:${port}/${path}`,
    path,
  };
}

function attachmentsInStructure(node: MessageStructureObject | undefined): AttachmentListing[] {
  if (!node) return [];
  if (node.childNodes) return node.childNodes.flatMap(attachmentsInStructure);
  const name = node.dispositionParameters?.filename ?? node.parameters?.name;
  if (node.disposition !== "attachment" && !name) return [];
  return [
    {
      name: (name ?? "").replaceAll("\u0000", "").slice(0, 200),
      type: node.type.slice(0, 100),
      size: node.size ?? 0,
    },
  ];
}

/**
 * Reads the team's mailbox for visitors' answers and threads them into their submissions. One
 * instance holds the mailbox at a time (private.mailbox_watch, a hold renewed on every look);
 * the others wait and take over when its hold lapses. It opens the folder read-only, so no mail
 * is marked read, moved or deleted: the team's mail program shows everything as before.
 */
export class MailboxWatcher {
  private readonly address: MailboxAddress;
  private readonly holder = randomUUID();
  private readonly pollMs: number;
  private readonly firstLookDays: number;
  private client: ImapFlow | undefined;
  private stopped = true;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** New mail was announced while a look was under way: look again at once. */
  private nudged = false;
  private failures = 0;

  constructor(private readonly options: MailboxWatcherOptions) {
    this.address = mailboxAddress(options.imapUrl);
    this.pollMs = options.pollMs ?? 60_000;
    this.firstLookDays = options.firstLookDays ?? 30;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.running;
    await this.disconnect();
  }

  /** Looks at the mailbox once if this instance holds it; how many answers it threaded. */
  async lookOnce(): Promise<number | undefined> {
    const { db } = this.options;
    // Held for three looks: a stopped instance's hold lapses within minutes.
    const holdSeconds = Math.ceil((3 * this.pollMs) / 1000);
    const { rows } = await db.query<{ held: boolean | null }>(
      "select internal.hold_mailbox_watch($1, $2, $3) as held",
      [this.address.key, this.holder, holdSeconds],
    );
    if (!rows[0]?.held) {
      await this.disconnect();
      return undefined;
    }
    const client = await this.connected();
    return this.readNew(client);
  }

  private async connected(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.disconnect();
    const client = new ImapFlow(this.address.client);
    client.on("error", (error: unknown) => {
      this.options.log.warn("team mailbox connection failed", { error: errorForLog(error) });
    });
    // IDLE's word of new mail: look now rather than at the next poll.
    client.on("exists", () => this.nudge());
    await client.connect();
    await client.mailboxOpen(this.address.path, { readOnly: true });
    this.client = client;
    return client;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await client.logout();
    } catch {
      client.close();
    }
  }

  private async readNew(client: ImapFlow): Promise<number> {
    const { db, log } = this.options;
    const mailbox = client.mailbox;
    if (!mailbox) throw new Error("the team's mailbox is not open");
    const uidValidity = String(mailbox.uidValidity);
    const { rows } = await db.query<{ uid_validity: string | null; last_uid: string }>(
      "select uid_validity, last_uid::text from private.mailbox_watch where mailbox = $1",
      [this.address.key],
    );
    const known = rows[0]?.uid_validity === uidValidity ? Number(rows[0].last_uid) : undefined;
    // New mail since the last look; or, for a mailbox never read (or renumbered), the last days'.
    let uids: number[];
    if (known !== undefined) {
      // `n:*` names the last mail even when its UID is below n.
      const found = await client.search({ uid: `${known + 1}:*` }, { uid: true });
      uids = (found || []).filter((uid) => uid > known);
    } else {
      const since = new Date(Date.now() - this.firstLookDays * 86_400_000);
      uids = (await client.search({ since }, { uid: true })) || [];
    }
    uids.sort((a, b) => a - b);
    const batch = uids.slice(0, mailsPerPass);
    let threaded = 0;
    let lastUid = known ?? 0;
    if (batch.length > 0) {
      // Headers first: only a mail that answers something is read further.
      const answering: { uid: number; size: number; flags: Set<string> }[] = [];
      for await (const message of client.fetch(
        batch.join(","),
        { uid: true, size: true, flags: true, headers: ["in-reply-to", "references"] },
        { uid: true },
      )) {
        const headers = message.headers?.toString("utf8") ?? "";
        if (/<[^<>\s]+>/u.test(headers)) {
          answering.push({
            uid: message.uid,
            size: message.size ?? 0,
            flags: message.flags ?? new Set(),
          });
        }
      }
      for (const candidate of answering) {
        // A mail no one can read, or the database will not take, is passed over (and logged):
        // one bad mail must not hold back every answer behind it. The database unreachable is
        // not the mail's fault: the look stops there and the next one tries it again.
        let mail: IncomingMail | undefined;
        try {
          mail = await this.readMail(client, candidate, uidValidity);
        } catch (error) {
          if (!client.usable) throw error;
          log.warn("mail in the team's mailbox not read; passed over", {
            uid: candidate.uid,
            error: errorForLog(error),
          });
        }
        if (!mail) continue;
        try {
          if ((await threadAnswer(db, mail)) !== null) {
            threaded += 1;
            log.info("answer threaded", { kind: mail.kind });
          }
        } catch (error) {
          if (!refusedByTheDatabase(error)) throw error;
          log.warn("mail in the team's mailbox not threaded; passed over", {
            uid: candidate.uid,
            error: errorForLog(error),
          });
        }
      }
      lastUid = Math.max(lastUid, ...batch);
    }
    // Every look is recorded, new mail or not: its time is what the metrics watch.
    await db.query("select internal.mark_mailbox_read($1, $2, $3, $4)", [
      this.address.key,
      this.holder,
      uidValidity,
      lastUid,
    ]);
    // More waiting than one pass takes: look again at once.
    if (uids.length > batch.length) this.nudge();
    return threaded;
  }

  private async readMail(
    client: ImapFlow,
    candidate: { uid: number; size: number; flags: Set<string> },
    uidValidity: string,
  ): Promise<IncomingMail | undefined> {
    const whole = candidate.size <= wholeMailBytes;
    const message = await client.fetchOne(
      String(candidate.uid),
      whole
        ? { uid: true, source: true }
        : { uid: true, source: { start: 0, maxLength: partMailBytes }, bodyStructure: true },
      { uid: true },
    );
    if (!message || !message.source) return undefined;
    const place = {
      mailbox: this.address.key,
      uidValidity,
      uid: candidate.uid,
      flags: candidate.flags,
    };
    return whole
      ? readIncomingMail(message.source, place)
      : readIncomingMail(message.source, place, attachmentsInStructure(message.bodyStructure));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let wait = this.pollMs;
      try {
        await this.lookOnce();
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        // Unreachable or refusing: try again later, up to every ten minutes.
        wait = Math.min(600_000, this.pollMs * 2 ** Math.min(this.failures, 6));
        this.options.log.warn("team mailbox not read; will try again", {
          error: errorForLog(error),
          retryInSeconds: Math.round(wait / 1000),
        });
        await this.disconnect();
      }
      if (!this.stopped) await this.pause(wait);
    }
  }

  private nudge(): void {
    if (this.wake) this.wake();
    else this.nudged = true;
  }

  private pause(ms: number): Promise<void> {
    if (this.nudged || this.stopped) {
      this.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** The database refused this mail's data (SQLSTATE classes 22 and 23), not the connection. */
function refusedByTheDatabase(error: unknown): boolean {
  const code =
    typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  return /^2[23][0-9A-Z]{3}$/u.test(code);
}

/** Threads one mail into its submission; the submission's id, or null when it joined none. */
export async function threadAnswer(db: Database, mail: IncomingMail): Promise<string | null> {
  const { rows } = await db.query<{ submission: string | null }>(
    `select internal.thread_mailbox_answer($1, $2, $3, $4, $5, $6, $7, $8)::text as submission`,
    [
      mail.messageId,
      mail.refs,
      mail.kind,
      mail.fromAddress,
      mail.subject,
      mail.body,
      mail.quoted,
      JSON.stringify(mail.attachments),
    ],
  );
  return rows[0]?.submission ?? null;
}
