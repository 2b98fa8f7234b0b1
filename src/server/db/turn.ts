import { AsyncLocalStorage } from "node:async_hooks";
import type { Ticket } from "./fair-queue.ts";

/** What a request's statements carry to the embedded database's queue, and what they learn there. */
export interface RequestTurn {
  /** The client, as the rate limits count it: an IPv4 address or an IPv6 /64. */
  client: string;
  /** Milliseconds this request's statements waited for the connection, all together. */
  waitedMs: number;
  /** How many times it took its turn (a statement, or a transaction of several). */
  turns: number;
}

const turns = new AsyncLocalStorage<RequestTurn>();

/** Runs `work` (a request's handling) with its statements counted to `client`. */
export function withTurn<T>(client: string, work: (turn: RequestTurn) => T): T {
  // A request the server makes of itself while answering one counts to the same turn.
  const enclosing = turns.getStore();
  if (enclosing) return work(enclosing);
  const turn: RequestTurn = { client, waitedMs: 0, turns: 0 };
  return turns.run(turn, () => work(turn));
}

/** The turn of the request being handled, if any. */
export function currentTurn(): RequestTurn | undefined {
  return turns.getStore();
}

/** Work outside any request (the mail worker, upkeep, a schema reload) is the server's own. */
const serverTicket: Ticket = { client: "server" };

/** The queue ticket of the statement about to be queued: its request's, or the server's. */
export function currentTicket(): Ticket {
  const turn = turns.getStore();
  if (!turn) return serverTicket;
  return {
    client: turn.client,
    onStart: (waitedMs) => {
      turn.waitedMs += waitedMs;
      turn.turns += 1;
    },
  };
}
