import type { Queryable } from "../db/database.ts";

// A message too big for a notification (8000 bytes) is kept in internal.realtime_spill, and the
// notification names its row: {"spill": id}. Rows are cleared once every instance had time to
// read them.

export function spillReference(body: unknown): number | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const keys = Object.keys(body);
  const spill = (body as { spill?: unknown }).spill;
  return keys.length === 1 && typeof spill === "number" ? spill : undefined;
}

export async function readSpill(db: Queryable, id: number): Promise<unknown> {
  const { rows } = await db.query<{ body: unknown }>(
    "select body from internal.realtime_spill where id = $1",
    [id],
  );
  const body = rows[0]?.body;
  return typeof body === "string" ? JSON.parse(body) : body;
}

/** Sends `body` on `channel` to every instance listening, through the database. */
export async function sendThroughDatabase(
  db: Queryable,
  channel: string,
  body: unknown,
): Promise<void> {
  await db.query("select internal.realtime_send($1, $2::jsonb)", [channel, JSON.stringify(body)]);
}

const keptForMinutes = 5;

export async function clearSpill(db: Queryable): Promise<void> {
  await db.query(
    `delete from internal.realtime_spill where created_at < now() - interval '${keptForMinutes} minutes'`,
  );
}
