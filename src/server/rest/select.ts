import type { Context } from "hono";
import { queryAsRole } from "../db/as-role.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { fromDatabaseError, restError } from "./errors.ts";
import { readPreferences } from "./prefer.ts";
import {
  nonNegativeInteger,
  orderClause,
  quoteIdentifier,
  rangeHeader,
  selectList,
} from "./query-params.ts";
import { requireProfile, requireTable } from "./table.ts";

/** Hosted Supabase's `max-rows`: no page is longer than this. */
export const maxRows = 1000;

const readParameters = new Set(["select", "order", "limit", "offset"]);
const singleObject = "application/vnd.pgrst.object+json";

/** GET and HEAD /rest/v1/:table — the read supabase-js makes with select, order, range and count. */
export function selectRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const table = requireTable(deps.schema, c.req.param("table") ?? "");
    requireProfile(c.req.header("accept-profile"));
    const query = c.req.query();
    for (const name of Object.keys(query)) {
      if (!readParameters.has(name)) {
        throw restError.queryParse("filter", `Filters are not supported by this server (${name})`);
      }
    }
    const range = rangeHeader(c.req.header("range"));
    const offset = nonNegativeInteger("offset", query.offset) ?? range?.offset ?? 0;
    const limit = Math.min(
      nonNegativeInteger("limit", query.limit) ?? range?.limit ?? maxRows,
      maxRows,
    );
    const columns = selectList(query.select, table);
    const order = orderClause(query.order, table);
    const counting = readPreferences(c.req.header("prefer")).count;
    const target = `public.${quoteIdentifier(table.name)}`;

    const claims = c.get("claims");
    let page: { body: string; rows: number; total: number | null };
    try {
      const result = await queryAsRole<{ body: string; rows: number; total: number | null }>(
        deps.db,
        claims,
        `select coalesce(json_agg(page), '[]')::text as body, count(*)::int as rows,
                ${counting ? `(select count(*)::int from ${target})` : "null::int"} as total
           from (select ${columns} from ${target} ${order} limit $1 offset $2) page`,
        [limit, offset],
      );
      page = result.rows[0] ?? { body: "[]", rows: 0, total: null };
    } catch (error) {
      throw fromDatabaseError(error, claims.role !== "anon");
    }
    const total = page.total ?? undefined;

    if (total !== undefined && offset > 0 && offset >= total) {
      throw restError.rangeNotSatisfiable(offset, total);
    }
    const totalText = total === undefined ? "*" : String(total);
    c.header(
      "Content-Range",
      page.rows === 0 ? `*/${totalText}` : `${offset}-${offset + page.rows - 1}/${totalText}`,
    );
    const status = total !== undefined && page.rows < total ? 206 : 200;

    let body = page.body;
    let contentType = "application/json; charset=utf-8";
    if (c.req.header("accept")?.includes(singleObject)) {
      if (page.rows !== 1) throw restError.singularRequired(page.rows);
      body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
      contentType = `${singleObject}; charset=utf-8`;
    }
    c.header("Content-Type", contentType);
    return c.req.method === "HEAD" ? c.body(null, status) : c.body(body, status);
  };
}
