import type { ApiClaims } from "../http/context.ts";
import type { Database, Keeping, QueryResult, Queryable, RoleSettings } from "./database.ts";
import { setRoleSettings } from "./one-round-trip.ts";

/** Who a request runs as, and what of it the database may read. */
export interface RequestRole {
  claims: ApiClaims;
  /** Set as `request.headers`; PostgREST sends every header, we send what the database reads. */
  headers?: Record<string, string>;
  /** False on a server started with SUBMISSION_LIMITS=false: the database skips its limits. */
  submissionLimits?: boolean;
  /** The role's own statement_timeout, set for the transaction as PostgREST sets it. */
  statementTimeout?: string;
  /** The time zone Prefer: timezone=… asked for, set for the transaction as PostgREST sets it. */
  timezone?: string;
}

function roleSettings(request: RequestRole): RoleSettings {
  return {
    role: request.claims.role,
    claims: JSON.stringify(request.claims),
    ...(request.headers ? { headers: JSON.stringify(request.headers) } : {}),
    ...(request.submissionLimits === false ? { submissionLimits: "off" } : {}),
    ...(request.statementTimeout === undefined
      ? {}
      : { statementTimeout: request.statementTimeout }),
    ...(request.timezone === undefined ? {} : { timezone: request.timezone }),
  };
}

/**
 * One statement in a transaction of its own under the request's role, with `request.jwt.claims`
 * and `request.headers` set as PostgREST sets them, so grants, row-level-security policies
 * (auth.uid(), auth.jwt()) and triggers decide.
 */
export function queryAsRole<Row>(
  db: Database,
  request: RequestRole,
  text: string,
  params: unknown[],
  options: { readOnly?: boolean; keep?: Keeping } = {},
): Promise<QueryResult<Row>> {
  const settings = roleSettings(request);
  return db.queryAs<Row>(
    options.readOnly ? { ...settings, readOnly: true } : settings,
    text,
    params,
    options.keep,
  );
}

/**
 * Several statements in one transaction under the request's role and settings, for a request
 * that must undo its work when a later check fails (a PATCH asked for one object).
 */
export function asRole<T>(
  db: Database,
  request: RequestRole,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const settings = roleSettings(request);
  return db.transaction(
    async (tx) => {
      await setRoleSettings(tx, settings);
      return work(tx);
    },
    { statementTimeout: settings.statementTimeout },
  );
}
