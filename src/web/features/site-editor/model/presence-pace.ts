/**
 * How often one editor may say where it is. Our server allows a channel 10 presence messages in
 * 30 s (src/server/realtime/limits.ts, as Supabase's "Client presence rate limit exceeded"), and
 * a hosted project may allow fewer: beyond it the channel is closed. The editor sends at most
 * `most` in any `per`, and only once the member has settled in a part for `settle`.
 */
export const presencePace = { settle: 800, most: 4, per: 30_000 } as const;

export type Pace = { settle: number; most: number; per: number };

/** When the next message may go, given when the last ones went: now, or once the oldest ages. */
export function nextSendAt(sent: readonly number[], now: number, pace: Pace = presencePace) {
  const recent = sent.filter((at) => now - at < pace.per);
  if (recent.length < pace.most) return now;
  return recent[recent.length - pace.most]! + pace.per;
}

/**
 * Keeps the channel told where this member is, within the pace: each wish waits for the member
 * to settle (a later wish replaces it), then for the budget, so the last one is always sent in
 * the end. A channel (re)joined is told at once, as far as the budget allows.
 */
export class PresencePacer<T> {
  private wanted: T | undefined;
  private told: string | undefined;
  private readonly sent: number[] = [];
  private send: ((value: T) => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly pace: Pace = presencePace) {}

  /** Where the member is now: sent once they settle there and the budget allows. */
  want(value: T): void {
    this.wanted = value;
    this.schedule(this.pace.settle);
  }

  /** A channel joined, which has been told nothing yet. */
  joined(send: (value: T) => void): void {
    this.send = send;
    this.told = undefined;
    this.schedule(0);
  }

  /** The channel lost: nothing is sent until the next one joins. */
  lost(): void {
    this.send = undefined;
    this.cancel();
  }

  stop(): void {
    this.lost();
    this.wanted = undefined;
  }

  private cancel() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(settle: number) {
    this.cancel();
    if (!this.send || this.wanted === undefined) return;
    const now = Date.now();
    const at = Math.max(now + settle, nextSendAt(this.sent, now, this.pace));
    this.timer = setTimeout(() => this.fire(), at - now);
  }

  private fire() {
    this.timer = undefined;
    const { send, wanted } = this;
    if (!send || wanted === undefined) return;
    const now = Date.now();
    if (nextSendAt(this.sent, now, this.pace) > now) {
      this.schedule(0);
      return;
    }
    const said = JSON.stringify(wanted);
    if (said === this.told) return;
    this.told = said;
    this.sent.push(now);
    while (this.sent.length > this.pace.most) this.sent.shift();
    send(wanted);
  }
}

/** Rejoins wait longer each time, up to half a minute. */
export const rejoinPace = { first: 1000, most: 30_000 } as const;

/**
 * The wait before the `attempt`th rejoin in a row (from 1): doubling from a second up to half a
 * minute, each drawn from the upper half of its ceiling, so that members cut off together (a
 * server restarting) do not all come back at the same moment.
 */
export function rejoinDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(rejoinPace.most, rejoinPace.first * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
