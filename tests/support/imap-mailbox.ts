// A real IMAP server for the tests (hoodiecrow-imap: in memory, with IDLE), standing for the
// team's mailbox, and a client that delivers mail into it as a mail server would.
import { createRequire } from "node:module";
import type { AddressInfo, Server, Socket } from "node:net";
import { ImapFlow } from "imapflow";

// The part of hoodiecrow-imap (which ships no types) these tests use.
interface Hoodiecrow {
  server: Server;
  listen(port: number, host: string, callback: () => void): void;
}
const hoodiecrow = createRequire(import.meta.url)("hoodiecrow-imap") as (options: {
  plugins: string[];
  storage: Record<string, unknown>;
}) => Hoodiecrow;

export interface TeamMailbox {
  /** `imap://` on loopback: plain, as the server allows there alone. */
  url: string;
  /** Delivers one raw mail into INBOX, flagged as given; its UID. */
  deliver(raw: string, flags?: string[]): Promise<number>;
  /** How many mails INBOX holds, and how many are marked read. */
  counts(): Promise<{ messages: number; seen: number }>;
  stop(): Promise<void>;
}

const user = "testuser";
const password = "testpass";

export async function startTeamMailbox(): Promise<TeamMailbox> {
  const server = hoodiecrow({
    plugins: ["IDLE", "ENABLE", "UIDPLUS", "ID"],
    storage: { INBOX: { messages: [] }, "": { separator: "/", folders: {} } },
  });
  const sockets = new Set<Socket>();
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  const client = async () => {
    const imap = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await imap.connect();
    return imap;
  };

  return {
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    async deliver(raw, flags = []) {
      const imap = await client();
      try {
        const appended = await imap.append("INBOX", raw, flags);
        if (!appended || !appended.uid) throw new Error("the mailbox did not take the mail");
        return appended.uid;
      } finally {
        await imap.logout();
      }
    },
    async counts() {
      const imap = await client();
      try {
        const status = await imap.status("INBOX", { messages: true, unseen: true });
        if (!status) throw new Error("the mailbox gave no status");
        const messages = status.messages ?? 0;
        return { messages, seen: messages - (status.unseen ?? 0) };
      } finally {
        await imap.logout();
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
