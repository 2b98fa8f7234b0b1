import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { authError } from "./errors.ts";

type Job =
  | { kind: "hash"; password: string; cost: number }
  | { kind: "compare"; password: string; hash: string };

interface Pending {
  job: Job & { id: number };
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Reply {
  id: number;
  result?: string | boolean;
  error?: string;
}

interface Thread {
  worker: Worker;
  running: Pending | undefined;
}

export interface PasswordPoolSize {
  /** Threads hashing at once. */
  threads: number;
  /** Jobs that may wait for a thread; one more is refused with 429 at once. */
  waiting: number;
}

/**
 * The default: every core but one hashes, so the thread that answers requests keeps a core of
 * its own, and each thread has a short queue (at 90 ms a hash, under a second of waiting).
 */
export function defaultPoolSize(cores = availableParallelism()): PasswordPoolSize {
  const threads = Math.max(1, cores - 1);
  return { threads, waiting: threads * 8 };
}

/**
 * bcrypt in worker threads. A hash costs about 90 ms of a core; on the thread that serves
 * requests, a flood of sign-ins stalled every page for seconds. Here the requests' thread only
 * waits, and when every thread is busy and the queue is full the request is refused with
 * GoTrue's rate-limit answer before any work is done, so a flood costs a bounded share of the
 * machine. Threads start on first use and do not keep the process alive.
 */
export class PasswordPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;

  constructor(readonly size: PasswordPoolSize = defaultPoolSize()) {}

  hash(password: string, cost: number): Promise<string> {
    return this.run({ kind: "hash", password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ kind: "compare", password, hash }) as Promise<boolean>;
  }

  /** Jobs running or waiting. */
  get load(): number {
    return this.queue.length + this.threads.filter((thread) => thread.running).length;
  }

  /** Throws the 429 a job would get now, so a request can be refused before other work. */
  ensureRoom(): void {
    if (this.load >= this.size.threads + this.size.waiting) throw authError.rateLimited();
  }

  async close(): Promise<void> {
    this.closed = true;
    const failure = new Error("the password pool is closed");
    for (const pending of this.queue.splice(0)) pending.reject(failure);
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private run(job: Job): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error("the password pool is closed"));
    return new Promise((resolve, reject) => {
      // A refusal thrown here rejects the promise with it.
      this.ensureRoom();
      this.queue.push({ job: { ...job, id: (this.nextId += 1) }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread =
        this.threads.find((candidate) => !candidate.running) ??
        (this.threads.length < this.size.threads ? this.start() : undefined);
      if (!thread) return;
      const pending = this.queue.shift() as Pending;
      thread.running = pending;
      thread.worker.ref();
      thread.worker.postMessage(pending.job);
    }
  }

  private start(): Thread {
    const worker = new Worker(new URL("./password-worker.js", import.meta.url));
    const thread: Thread = { worker, running: undefined };
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const pending = thread.running;
      thread.running = undefined;
      worker.unref();
      if (pending?.job.id === reply.id) {
        if (reply.error !== undefined) pending.reject(new Error(reply.error));
        else pending.resolve(reply.result as string | boolean);
      }
      this.dispatch();
    });
    // A thread that dies takes its job with it; the next job starts a new one.
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      thread.running?.reject(error);
      thread.running = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`a password thread exited with code ${code}`)));
    this.threads.push(thread);
    return thread;
  }
}
