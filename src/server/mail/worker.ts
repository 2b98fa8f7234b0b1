import { createTransport, type Transporter } from "nodemailer";
import type { MailConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
import { composeMail, UnsendableMailError } from "./compose.ts";
import {
  claimNextMail,
  giveUpStaleMail,
  markAttemptFailed,
  markSent,
  vouchForDelivery,
} from "./outbox.ts";
import { errorMessage } from "../../shared/error-message.ts";

/** How often the worker gives up stale mail and tells the inbox that mail is on. */
const sweepMs = 60_000;

export interface MailWorkerOptions {
  db: Database;
  mail: MailConfig;
  siteUrl: string;
  log: Logger;
  /** How long to wait before looking again when nothing is due. */
  pollMs?: number;
}

/**
 * SMTP with nodemailer: certificates verified (Node's defaults), and a `smtp://` server must
 * offer STARTTLS unless the URL itself says `requireTLS=false`. Every wait is bounded, so one
 * conversation ends well inside the claim on its mail.
 */
export function smtpTransport(mail: MailConfig): Transporter {
  const timeout = Math.min(30_000, (mail.claimSeconds * 1000) / 4);
  return createTransport({
    url: mail.smtpUrl,
    requireTLS: mail.smtpUrl.startsWith("smtp:"),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
}

class SendDeadlineError extends Error {
  override name = "SendDeadlineError";
}

/**
 * Delivers public.mail_outbox, one mail at a time: claim, send, mark. A crash between the SMTP
 * server's acceptance and the mark leaves the mail claimed; once the claim runs out it is sent
 * again, with the same Message-ID. Several instances share the outbox through the claim.
 */
export class MailWorker {
  private readonly transport: Transporter;
  private readonly pollMs: number;
  private stopped = true;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private lastSweep = 0;

  constructor(private readonly options: MailWorkerOptions) {
    this.transport = smtpTransport(options.mail);
    this.pollMs = options.pollMs ?? 1000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Finishes the mail in hand (its conversation is bounded) and stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.transport.close();
  }

  /** Sends the next due mail; false when none was due. */
  async deliverNext(): Promise<boolean> {
    const { db, mail: settings, log } = this.options;
    if (Date.now() - this.lastSweep > sweepMs) {
      this.lastSweep = Date.now();
      // Until the sweep after next, with room for a mail in hand (its send is bounded to half
      // the claim): a living worker's promise never lapses, a stopped one's lapses in minutes.
      await vouchForDelivery(db, (2 * sweepMs) / 1000 + settings.claimSeconds);
      const given = await giveUpStaleMail(db);
      if (given > 0) log.warn("mail given up: not sent within a day", { mails: given });
    }
    const claimed = await claimNextMail(db, settings.claimSeconds);
    if (!claimed) return false;
    const { mail, submission, program, reply } = claimed;
    const fields = { mail: mail.id, kind: mail.kind, attempt: mail.attempts };
    let message;
    try {
      message = composeMail(
        mail,
        submission,
        {
          from: settings.from,
          notifyTo: settings.notifyTo,
          notifyLanguage: settings.notifyLanguage,
          siteUrl: this.options.siteUrl,
          ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
        },
        program,
        reply,
      );
    } catch (error) {
      if (!(error instanceof UnsendableMailError)) throw error;
      await markAttemptFailed(db, mail.id, error.message, true);
      log.warn("mail cannot be sent", { ...fields, error: error.message });
      return true;
    }
    try {
      await this.sendWithin(message, (settings.claimSeconds * 1000) / 2);
    } catch (error) {
      const reason = errorMessage(error);
      await markAttemptFailed(db, mail.id, reason, false);
      log.warn("mail not sent; will try again", { ...fields, error: reason });
      return true;
    }
    await markSent(db, mail.id);
    log.info("mail sent", fields);
    return true;
  }

  private async sendWithin(message: Parameters<Transporter["sendMail"]>[0], ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SendDeadlineError(`no answer from the SMTP server in ${ms} ms`)),
        ms,
      );
    });
    try {
      await Promise.race([this.transport.sendMail(message), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let delivered = false;
      try {
        delivered = await this.deliverNext();
      } catch (error) {
        this.options.log.warn("mail worker could not reach the outbox", {
          error: errorForLog(error),
        });
      }
      if (!delivered && !this.stopped) await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      const wake = () => done();
      this.wake = wake;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
