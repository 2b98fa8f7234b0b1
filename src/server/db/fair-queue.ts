/** Whose work a job is: a client (its address, as the rate limits count it) or the server. */
export interface Ticket {
  client: string;
  /** Called when the job leaves the queue, with how long it waited there. */
  onStart?: (waitedMs: number) => void;
}

interface Job {
  run: () => void;
  ticket: Ticket;
  queuedAt: number;
}

interface Client {
  jobs: Job[];
  /** Milliseconds of the connection this client used, decaying with `halfLifeMs`. */
  used: number;
  updated: number;
}

const halfLifeMs = 10_000;
const forgetBelowMs = 0.5;

/**
 * One connection shared fairly: jobs run one at a time, and the next is the oldest job of the
 * client that has used the connection least lately (its time on it, halving every 10 s). A
 * visitor who sends one insert goes before a caller who has kept the connection busy, however
 * many jobs that caller has queued; between callers of equal use it is first come, first served.
 * Start-time fair queuing in its simplest form, by clients, as a database's own scheduler would
 * weigh sessions.
 */
export class FairQueue {
  private readonly clients = new Map<string, Client>();
  private running = false;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Runs `work` when its turn comes; the time it holds the connection counts to `ticket.client`. */
  run<T>(ticket: Ticket, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        ticket,
        queuedAt: this.clock(),
        run: () => {
          const started = this.clock();
          ticket.onStart?.(started - job.queuedAt);
          Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => this.finished(ticket.client, started));
        },
      };
      this.client(ticket.client).jobs.push(job);
      if (!this.running) this.next();
    });
  }

  /** Jobs waiting, not counting the one running. */
  get waiting(): number {
    let count = 0;
    for (const client of this.clients.values()) count += client.jobs.length;
    return count;
  }

  private client(key: string): Client {
    let client = this.clients.get(key);
    if (!client) {
      client = { jobs: [], used: 0, updated: this.clock() };
      this.clients.set(key, client);
    }
    return client;
  }

  private decayed(client: Client, now: number): number {
    return client.used * 0.5 ** ((now - client.updated) / halfLifeMs);
  }

  private finished(key: string, started: number): void {
    const now = this.clock();
    const client = this.client(key);
    client.used = this.decayed(client, now) + (now - started);
    client.updated = now;
    this.running = false;
    this.next();
  }

  private next(): void {
    const now = this.clock();
    let chosen: { client: Client; first: Job; used: number } | undefined;
    for (const [key, client] of this.clients) {
      const used = this.decayed(client, now);
      const first = client.jobs[0];
      if (!first) {
        if (used < forgetBelowMs) this.clients.delete(key);
        continue;
      }
      if (
        !chosen ||
        used < chosen.used ||
        (used === chosen.used && first.queuedAt < chosen.first.queuedAt)
      ) {
        chosen = { client, first, used };
      }
    }
    if (!chosen) return;
    chosen.client.jobs.shift();
    this.running = true;
    chosen.first.run();
  }
}
