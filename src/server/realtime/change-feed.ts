// postgres_changes: every change to a published table comes from the database as a notification
// (the capture trigger, in realtime.sql's migration), on every instance alike, and reaches each
// subscriber whose role and claims may read the row at that moment. The check is batched: the
// changes that arrive while one batch is checked form the next, and one statement asks, for every
// distinct audience (role and claims) at once, which of the batch's rows it may read (the
// table's probe, made with its capture trigger).
import type { Database } from "../db/database.ts";
import { withTurn } from "../db/turn.ts";
import { errorForLog, type Logger } from "../log.ts";
import { passesFilter, type ChangeFilter } from "./change-filter.ts";
import type { PublishedTable, PublishedTables } from "./published-tables.ts";
import { readSpill, spillReference } from "./spill.ts";

export type ChangeEvent = "INSERT" | "UPDATE" | "DELETE" | "*";

/** Who hears: a role and the claims its policies read. */
export interface Audience {
  role: string;
  claims: string;
}

export interface ChangeListener {
  audience(): Audience;
  /** Sends a postgres_changes message to the subscriber, for its subscriptions `ids`. */
  deliver(ids: number[], data: Record<string, unknown>): void;
}

export interface ChangeSubscription {
  id: number;
  event: ChangeEvent;
  table: PublishedTable;
  /** Each must hold for a change to reach the subscriber; none means every change. */
  filters: ChangeFilter[];
  listener: ChangeListener;
  /** The role the subscriber's token names: its grants decide whether a change costs anything. */
  role: string;
}

interface Change {
  schema: string;
  table: string;
  type: "INSERT" | "UPDATE" | "DELETE";
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

function isChange(value: unknown): value is Change {
  const change = value as Partial<Change> | null;
  return (
    typeof change === "object" &&
    change !== null &&
    typeof change.schema === "string" &&
    typeof change.table === "string" &&
    (change.type === "INSERT" || change.type === "UPDATE" || change.type === "DELETE")
  );
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** How many audiences one statement checks. */
const audiencesPerStatement = 8;

function pick(record: Record<string, unknown>, columns: Iterable<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const column of columns) if (column in record) picked[column] = record[column];
  return picked;
}

function matchesEvent(subscription: ChangeSubscription, change: Change): boolean {
  return subscription.event === "*" || subscription.event === change.type;
}

function passes(subscription: ChangeSubscription, row: Record<string, unknown> | null): boolean {
  if (subscription.filters.length === 0) return true;
  if (!row) return false;
  return subscription.filters.every((filter) => {
    const type = subscription.table.columns.find((column) => column.name === filter.column)?.type;
    return passesFilter(filter, row, type ?? "text");
  });
}

export interface ChangeFeedStats {
  changes: number;
  batches: number;
  deliveries: number;
}

export class ChangeFeed {
  /** Each table's subscriptions by the role they were made under. */
  private readonly subscriptions = new Map<string, Map<string, Set<ChangeSubscription>>>();
  private readonly pending: Promise<Change | undefined>[] = [];
  private flushing = false;
  private stopListening: (() => Promise<void>) | undefined;
  readonly stats: ChangeFeedStats = { changes: 0, batches: 0, deliveries: 0 };

  constructor(
    private readonly db: Database,
    private readonly tables: PublishedTables,
    private readonly log: Logger,
    /** Changes may have been missed (the database's connection broke and came back). */
    private readonly onGap: () => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen("realtime_changes", (payload) =>
      this.receive(payload),
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  add(subscription: ChangeSubscription): void {
    const key = `${subscription.table.schema}.${subscription.table.table}`;
    let byRole = this.subscriptions.get(key);
    if (!byRole) {
      byRole = new Map();
      this.subscriptions.set(key, byRole);
    }
    let set = byRole.get(subscription.role);
    if (!set) {
      set = new Set();
      byRole.set(subscription.role, set);
    }
    set.add(subscription);
  }

  remove(subscription: ChangeSubscription): void {
    const key = `${subscription.table.schema}.${subscription.table.table}`;
    const byRole = this.subscriptions.get(key);
    const set = byRole?.get(subscription.role);
    set?.delete(subscription);
    if (set?.size === 0) byRole?.delete(subscription.role);
    if (byRole?.size === 0) this.subscriptions.delete(key);
  }

  /** How many subscriptions the feed walks for changes, every table and role together. */
  count(): number {
    let count = 0;
    for (const byRole of this.subscriptions.values()) {
      for (const set of byRole.values()) count += set.size;
    }
    return count;
  }

  private receive(payload: string): void {
    if (payload === "") {
      this.log.warn("realtime listened again after its connection broke: changes may be missed");
      this.onGap();
      return;
    }
    this.pending.push(this.parse(payload));
    if (!this.flushing) void this.flush();
  }

  private async parse(payload: string): Promise<Change | undefined> {
    try {
      let body: unknown = JSON.parse(payload);
      const spilled = spillReference(body);
      if (spilled !== undefined) body = await readSpill(this.db, spilled);
      return isChange(body) ? body : undefined;
    } catch (error) {
      this.log.error("a realtime change could not be read", { error: errorForLog(error) });
      return undefined;
    }
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = (await Promise.all(this.pending.splice(0))).filter(
          (change): change is Change => change !== undefined,
        );
        this.stats.changes += batch.length;
        this.stats.batches += 1;
        await this.deliverBatch(batch).catch((error: unknown) =>
          this.log.error("realtime changes were not delivered", { error: errorForLog(error) }),
        );
      }
    } finally {
      this.flushing = false;
    }
  }

  private async deliverBatch(batch: Change[]): Promise<void> {
    const byTable = new Map<string, Change[]>();
    for (const change of batch) {
      const key = `${change.schema}.${change.table}`;
      if (!this.subscriptions.has(key)) continue;
      const list = byTable.get(key) ?? [];
      list.push(change);
      byTable.set(key, list);
    }
    await Promise.all(
      [...byTable].map(async ([key, changes]) =>
        this.deliverTable(await this.readers(this.subscriptions.get(key)), changes),
      ),
    );
  }

  /**
   * The subscriptions whose role may read some column of the table: the grant is asked once per
   * role and table (and kept a few seconds), so a crowd subscribed to a table its role cannot
   * read costs nothing per change.
   */
  private async readers(
    byRole: Map<string, Set<ChangeSubscription>> | undefined,
  ): Promise<ChangeSubscription[]> {
    const readers: ChangeSubscription[] = [];
    for (const [role, set] of [...(byRole ?? [])]) {
      const first = set.values().next().value;
      if (!first) continue;
      const columns = await this.tables.selectableColumns(first.table, role);
      if (columns.size > 0) readers.push(...set);
    }
    return readers;
  }

  private async deliverTable(
    subscriptions: ChangeSubscription[],
    changes: Change[],
  ): Promise<void> {
    const table = subscriptions[0]?.table;
    if (!table) return;
    // Who would hear each change if their policies allow: by audience, then by listener.
    const audiences = new Map<
      string,
      { audience: Audience; wanted: Map<number, ChangeSubscription[]> }
    >();
    for (const subscription of subscriptions) {
      const audience = subscription.listener.audience();
      const audienceKey = `${audience.role}\u0000${audience.claims}`;
      let entry = audiences.get(audienceKey);
      if (!entry) {
        entry = { audience, wanted: new Map() };
        audiences.set(audienceKey, entry);
      }
      changes.forEach((change, index) => {
        if (!matchesEvent(subscription, change)) return;
        const row = change.type === "DELETE" ? change.old_record : change.record;
        if (!passes(subscription, row)) return;
        const list = entry.wanted.get(index) ?? [];
        list.push(subscription);
        entry.wanted.set(index, list);
      });
    }
    const entries = [...audiences.values()].filter((entry) => entry.wanted.size > 0);
    if (entries.length === 0) return;

    // A deleted row cannot be read again: as hosted, a DELETE reaches every subscriber whose role
    // may read the table, with the old row's key only. The others are checked row by row.
    // A table without a primary key cannot find a changed row again: as hosted, none of its
    // inserts and updates are sent.
    const checked = changes
      .map((change, index) => ({ change, index }))
      .filter(({ change }) => change.type !== "DELETE" && table.key.length > 0);
    const visible = new Map<number, Set<number>>();
    if (checked.length > 0) {
      const keys = JSON.stringify(
        checked.map(({ change }) => pick(change.record ?? {}, table.key)),
      );
      // A few audiences a statement: on the embedded database's one connection, a visitor's
      // statement waits for one of these at most, not for every member's check.
      for (let first = 0; first < entries.length; first += audiencesPerStatement) {
        const audiences = entries.slice(first, first + audiencesPerStatement);
        const { rows } = await withTurn("realtime", () =>
          this.db.query<{ audience: number; visible: unknown }>(
            `select audience, visible from internal.${quoteIdentifier(table.probe)}($1::jsonb, $2::jsonb)`,
            [keys, JSON.stringify(audiences.map((entry) => entry.audience))],
          ),
        );
        for (const row of rows) {
          const positions = (
            typeof row.visible === "string" ? JSON.parse(row.visible) : row.visible
          ) as number[];
          visible.set(
            first + Number(row.audience),
            new Set(positions.map((position) => checked[position]?.index ?? -1)),
          );
        }
      }
    }

    await Promise.all(
      entries.map(async (entry, audienceIndex) => {
        const columns = await this.tables.selectableColumns(table, entry.audience.role);
        if (columns.size === 0) return;
        const sees = visible.get(audienceIndex);
        const typedColumns = table.columns.filter((column) => columns.has(column.name));
        for (const [index, wanting] of [...entry.wanted].sort(([a], [b]) => a - b)) {
          const change = changes[index];
          if (!change) continue;
          if (change.type !== "DELETE" && !sees?.has(index)) continue;
          const data: Record<string, unknown> = {
            schema: change.schema,
            table: change.table,
            commit_timestamp: change.commit_timestamp,
            type: change.type,
            columns: typedColumns,
            errors: null,
          };
          if (change.record) data.record = pick(change.record, columns);
          if (change.type !== "INSERT") data.old_record = pick(change.old_record ?? {}, columns);
          const byListener = new Map<ChangeListener, number[]>();
          for (const subscription of wanting) {
            const ids = byListener.get(subscription.listener) ?? [];
            if (!ids.includes(subscription.id)) ids.push(subscription.id);
            byListener.set(subscription.listener, ids);
          }
          for (const [listener, ids] of byListener) {
            listener.deliver(ids, data);
            this.stats.deliveries += 1;
          }
        }
      }),
    );
  }
}
