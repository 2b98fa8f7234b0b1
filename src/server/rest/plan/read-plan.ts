import type { RestDependencies } from "../dependencies.ts";
import { parseFilters } from "../request/filters.ts";
import type { Page } from "../request/api-request.ts";
import type { Preferences } from "../request/prefer.ts";
import { orderClause, type Selectable } from "../request/query-params.ts";
import type { TableName } from "../schema-cache.ts";
import { clause, identifier, join, sql, type Sql } from "../sql/sql.ts";
import {
  columnResolver,
  conditionsOver,
  planSelect,
  type RootEmbed,
  type SelectPlan,
} from "./embed.ts";

// The read plan, as PostgREST's ReadPlanTree: the relation, its select tree with the embedded
// resources resolved against the schema cache, its filters, order and page, and what its count
// reads. sql/read.ts renders it.

export interface ReadPlan {
  /** The FROM item, aliased by the relation's name. */
  from: Sql;
  select: SelectPlan;
  /** The root's filters ANDed (empty when none). */
  filters: Sql;
  order: Sql;
  page: Page;
  count: Preferences["count"];
  /** What a count reads, as PostgREST's readPlanToCountQuery (`from … where …`). */
  counted: Sql;
}

/** What a read is over: a table or view, or a function's result. */
export interface ReadSource {
  selectable: Selectable;
  /** The table or view whose relationships its embeddings follow. */
  origin: TableName | undefined;
  /** The FROM item, aliased by the relation's name. */
  from: Sql;
  /** The computed fields of the table or view whose rows these are (a call's, too). */
  computed?: ReadonlyMap<string, TableName> | undefined;
}

/**
 * The rows a read counts, as PostgREST's readPlanToCountQuery: the relation and its filters,
 * the lateral joins only of the embedded resources a filter names, and EXISTS for each other
 * inner-joined one, the one thing it asks of a row.
 */
function countedRows(
  from: Sql,
  filters: Sql,
  embeds: ReadonlyMap<string, RootEmbed>,
  named: ReadonlySet<string>,
): Sql {
  const joined = [...embeds].filter(([key]) => named.has(key)).map(([, embed]) => embed.join);
  const exists = [...embeds]
    .filter(([key, embed]) => embed.inner && !named.has(key))
    .map(([, embed]) => embed.exists);
  return sql`from ${from} ${join(joined, " ")} ${clause("where", join([filters, ...exists], " and "))}`;
}

/** The embedded values a filter on the root may name, noting which ones it does. */
function notingNames(embedded: ReadonlyMap<string, Sql>) {
  const named = new Set<string>();
  const get = (name: string) => {
    const value = embedded.get(name);
    if (value !== undefined) named.add(name);
    return value;
  };
  return { named, embedded: { get } };
}

/** The read of `source` the request's select, filters, order and page ask for. */
export function planRead(
  source: ReadSource,
  request: { query: Record<string, string>; parameters: [string, string][]; page: Page },
  count: Preferences["count"],
  deps: Pick<RestDependencies, "schema" | "settings">,
): ReadPlan {
  const { selectable, computed, origin } = source;
  const alias = identifier(selectable.name);
  const order = orderClause(
    request.query.order,
    selectable,
    columnResolver({ ...selectable, alias, computed, origin }),
  );
  const select = planSelect(
    request.query.select,
    { ...selectable, alias, origin, computed },
    request.parameters,
    { cache: deps.schema, aggregatesEnabled: deps.settings.current.aggregatesEnabled },
  );
  const names = notingNames(select.embedded);
  const filters = conditionsOver(
    parseFilters(select.rootParameters),
    { ...selectable, alias, computed, origin },
    names.embedded,
  );
  return {
    from: source.from,
    select,
    filters,
    order,
    page: request.page,
    count,
    counted: countedRows(source.from, filters, select.embeds, names.named),
  };
}
