// The visitor's side of a reply, for the browser journeys: the team server files every mail it
// sends to a visitor in its mailbox's "Visitors" folder; the visitor reads theirs there and
// answers it into INBOX, the team's mailbox, which the server reads for answers.
import { randomUUID } from "node:crypto";
import { ImapFlow } from "imapflow";
import { e2eTeamMailboxPort } from "../../playwright.config.ts";

async function connected(): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: e2eTeamMailboxPort,
    secure: false,
    auth: { user: "testuser", pass: "testpass" },
    logger: false,
  });
  await client.connect();
  return client;
}

/** The Message-ID and subject of the last mail sent to `address`, once it has arrived. */
async function lastMailTo(client: ImapFlow, address: string) {
  const lock = await client.getMailboxLock("Visitors");
  try {
    const found = (await client.search({ to: address }, { uid: true })) || [];
    const uid = Math.max(0, ...found);
    if (uid === 0) return undefined;
    const message = await client.fetchOne(String(uid), { envelope: true }, { uid: true });
    return message ? message.envelope : undefined;
  } finally {
    lock.release();
  }
}

/** Answers the last mail `address` got from the site, as their mail program would. */
export async function answerAsVisitor(address: string, text: string): Promise<void> {
  const client = await connected();
  try {
    let envelope = await lastMailTo(client, address);
    for (let tries = 0; !envelope && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      envelope = await lastMailTo(client, address);
    }
    if (!envelope?.messageId) throw new Error(`no mail to ${address} in the Visitors folder`);
    const raw = [
      `From: <${address}>`,
      "To: Kalima team <team@kalima.test>",
      `Subject: Re: ${envelope.subject ?? ""}`,
      `Message-ID: <${randomUUID()}@visitor.test>`,
      `In-Reply-To: ${envelope.messageId}`,
      `References: ${envelope.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      text,
      "",
      "On a day, Kalima wrote:",
      "> the reply",
      "",
    ].join("\r\n");
    await client.append("INBOX", raw);
  } finally {
    await client.logout();
  }
}
