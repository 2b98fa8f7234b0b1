import type { QueryResult } from "../db/database.ts";
import { queryAsRole, type RequestRole } from "../db/as-role.ts";
import type { RestDependencies } from "./dependencies.ts";
import { fromDatabaseError, restError, type PostgrestError } from "./errors.ts";
import type { Action } from "./request/api-request.ts";
import { affectedBound, rollsBack, type Preferences } from "./request/prefer.ts";
import type { Format } from "./request/representation.ts";
import { render, type Sql } from "./sql/sql.ts";

// How a request's statement runs, decided here alone (PostgREST's transaction shape): under the
// request's role, read-only or not, committed or rolled back (tx=rollback), and undone when the
// rows it answers break a bound the request set. Every shape is one statement in one message to
// the embedded database's thread; PostgreSQL takes one round trip unless there is a bound to check.

/** A bound on the rows a statement answers (its first row's `rows`); outside it, it is undone. */
export interface RowsBound {
  min?: number;
  max?: number;
  /** The error the request is answered with when the bound is broken. */
  refusal: (rows: number) => PostgrestError;
}

export interface TransactionShape {
  readOnly: boolean;
  rollback: boolean;
  /** Checked in order before the transaction ends; the first broken one is the answer. */
  bounds: RowsBound[];
}

/** An object was asked for: any other number of rows is 406 PGRST116. */
function singular(format: Format): RowsBound[] {
  return format.kind === "object"
    ? [{ min: 1, max: 1, refusal: (rows) => restError.singularRequired(rows) }]
    : [];
}

/** max-affected under handling=strict: more rows is 400 PGRST124. */
function affected(preferences: Preferences): RowsBound[] {
  const bound = affectedBound(preferences);
  return bound === undefined
    ? []
    : [{ max: bound, refusal: (rows) => restError.maxAffectedExceeded(rows) }];
}

/**
 * The shape of a request's transaction, as PostgREST gives it: a GET or HEAD of a function, or
 * a call of a STABLE or IMMUTABLE one, is read-only; Prefer: tx=rollback (where allowed) or the
 * server's setting rolls back; a write asked for one object, or bounded by max-affected, is
 * undone when it wrote another number of rows, and PUT when it did not write exactly its one row.
 */
export function transactionShape(
  action: Action,
  deps: Pick<RestDependencies, "settings">,
  preferences: Preferences,
  format: Format,
  call: { readOnly: boolean } = { readOnly: false },
): TransactionShape {
  const rollback = rollsBack(deps.settings.current.txEnd, preferences);
  const bounds: Record<Action, RowsBound[]> = {
    read: [],
    insert: singular(format),
    update: [...singular(format), ...affected(preferences)],
    delete: [...singular(format), ...affected(preferences)],
    upsert: [{ min: 1, max: 1, refusal: () => restError.putKeyMismatch() }, ...singular(format)],
    // A call's one object is checked on its answer, after the call, as PostgREST checks it.
    call: affected(preferences),
  };
  return { readOnly: action === "call" && call.readOnly, rollback, bounds: bounds[action] };
}

/** Throws the refusal of the first bound `rows` breaks. */
function check(bounds: readonly RowsBound[], rows: number): void {
  for (const bound of bounds) {
    if (
      (bound.min !== undefined && rows < bound.min) ||
      (bound.max !== undefined && rows > bound.max)
    ) {
      throw bound.refusal(rows);
    }
  }
}

/**
 * Runs `statement` in the shape asked for under `role`; database errors become PostgREST's.
 * The bounds are handed to the database as numbers, so that it undoes the statement in the same
 * message, and checked again here to name the refusal.
 */
export async function execute<Row>(
  deps: Pick<RestDependencies, "db">,
  role: RequestRole,
  authenticated: boolean,
  statement: Sql,
  shape: TransactionShape,
): Promise<QueryResult<Row>> {
  const { text, values } = render(statement);
  const min = Math.max(...shape.bounds.map((bound) => bound.min ?? 0));
  const maxima = shape.bounds.flatMap((bound) => (bound.max === undefined ? [] : [bound.max]));
  try {
    const result = await queryAsRole<Row>(deps.db, role, text, values, {
      readOnly: shape.readOnly,
      keep: {
        ...(shape.bounds.length > 0
          ? { rows: { min, ...(maxima.length > 0 ? { max: Math.min(...maxima) } : {}) } }
          : {}),
        undo: shape.rollback,
      },
    });
    const first = result.rows[0] as { rows?: unknown } | undefined;
    if (shape.bounds.length > 0) check(shape.bounds, Number(first?.rows ?? 0));
    return result;
  } catch (error) {
    throw fromDatabaseError(error, authenticated);
  }
}
