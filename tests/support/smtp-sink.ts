// A real SMTP server for the tests (smtp-server), keeping every message it accepts, parsed.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), which decide who gets the mail. */
  envelopeTo: string[];
  /** The name the client gave in EHLO (nodemailer's `name`, `?name=` in SMTP_URL). */
  client: string;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  /** `smtp://` to this sink, which offers no STARTTLS: the URL says so. */
  url: string;
  received: ReceivedMail[];
  /** Closes the listener (the server is down) and waits until it no longer accepts. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Resolves once `count` mails have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

export interface SmtpSinkOptions {
  port?: number;
  /** Milliseconds between the end of a message's data and the 250 that accepts it. */
  acceptDelayMs?: number;
  /** Called once a message has been accepted (its 250 written). */
  onAccepted?: (mail: ReceivedMail) => void;
  server?: Partial<SMTPServerOptions>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        ...options.server,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
            void simpleParser(raw).then((parsed) => {
              const mail = { envelopeTo, client: session.hostNameAppearsAs, raw, parsed };
              setTimeout(() => {
                callback();
                received.push(mail);
                options.onAccepted?.(mail);
                for (const wake of waiters) wake();
              }, options.acceptDelayMs ?? 0);
            });
          });
        },
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server?.server.address() as AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}?requireTLS=false`;
    },
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    start: listen,
    waitFor(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} mails arrived in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
