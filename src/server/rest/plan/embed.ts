import { PostgrestError, restError } from "../errors.ts";
import { fieldSql } from "../sql/field.ts";
import { parseFilters, type Filter } from "../request/filters.ts";
import { conditions as filterConditions } from "../sql/filters.ts";
import { closestMatch } from "../fuzzy.ts";
import { orderClause, pagingNumber } from "../request/query-params.ts";
import type { Relationship, SchemaCache, TableInfo, TableName } from "../schema-cache.ts";
import {
  parseSelect,
  type ColumnItem,
  type EmbedItem,
  type SelectItem,
} from "../request/select-tree.ts";
import { clause, empty, identifier, join, qualified, raw, sql, type Sql } from "../sql/sql.ts";

// Resource embedding as PostgREST builds it (Plan.hs, QueryBuilder.hs): one statement, each
// embedded resource a lateral subquery of its parent, a to-one one as a JSON object and a to-many
// one as a JSON array, aggregated in the database. Every table is read under the caller's role,
// so row-level security holds in an embedding exactly as in a read of that table alone.

/** At most this many embedded resources in one request. */
export const maxEmbeds = 64;

/** The columns a select may name and where they come from. */
export interface Source {
  /** What errors name: the table, view or function. */
  name: string;
  schema: string;
  columns: TableInfo["columns"];
  /** The SQL alias of its rows in the statement. */
  alias: Sql;
  /** The table or view whose relationships embeddings follow; none for a scalar function. */
  origin: TableName | undefined;
  /** Computed fields of its rows: functions of the row, named as columns. */
  computed?: ReadonlyMap<string, TableName>;
  /**
   * What an unknown column's error names it by when not its name: PostgREST aliases an embedded
   * table `<table>_<depth>` (Plan.hs, addRels), and PostgreSQL names that alias.
   */
  reference?: string;
}

interface Context {
  cache: SchemaCache;
  aggregatesEnabled: boolean;
  embeds: number;
  /** The query parameters of embedded resources, by their path (`books.authors`). */
  nested: Map<string, [string, string][]>;
  used: Set<string>;
}

/** An embedded resource of the root, as the count needs it. */
export interface RootEmbed {
  /** The lateral join that reads it. */
  join: Sql;
  /** Whether it drops the parent rows it finds nothing for (`!inner`). */
  inner: boolean;
  /** EXISTS over its rows: what an inner join asks of a parent row, for the count. */
  exists: Sql;
}

/** What a select became: the select list, its joins, and a GROUP BY when it aggregates. */
export interface SelectPlan {
  columns: Sql;
  /** Every lateral join, for the page. */
  joins: Sql;
  /** The root's embedded resources, by the name a filter on the root gives them. */
  embeds: ReadonlyMap<string, RootEmbed>;
  groupBy: Sql;
  /** SQL for an embedded resource's name in a filter on its parent (`authors=is.null`). */
  embedded: ReadonlyMap<string, Sql>;
}

/** A cast's type: a plain name as written (`int4`, `text`), anything else quoted. */
function castSql(type: string): Sql {
  return /^[a-z_][a-z0-9_]*$/u.test(type) ? raw(type) : identifier(type);
}

/** The key a column item is answered under: its alias, its JSON path's last key, its name. */
function itemKey(item: ColumnItem): string {
  if (item.alias !== undefined) return item.alias;
  if (item.aggregate) return item.aggregate;
  const lastKey = [...item.path].reverse().find((step) => !step.index);
  return lastKey?.key ?? item.name;
}

const embedKey = (item: EmbedItem) => item.alias ?? item.name;

const isBareCount = (item: ColumnItem) =>
  item.name === "count" &&
  item.path.length === 0 &&
  item.cast === undefined &&
  item.aggregate === undefined &&
  item.alias === undefined;

function ambiguous(origin: string, target: string, found: readonly Relationship[]) {
  const columns = (list: readonly string[]) => `(${list.join(", ")})`;
  const details = found.map((rel) => {
    // A computed relationship is listed as an empty object, and offered as no hint.
    if (rel.computed) return {};
    const embedding = `${rel.table.name} with ${rel.foreignTable.name}`;
    if (rel.junction) {
      const { junction } = rel;
      return {
        cardinality: rel.cardinality,
        embedding,
        relationship: `${junction.table.name} using ${junction.constraint}${columns(junction.sourceColumns.map(([column]) => column))} and ${junction.foreignConstraint}${columns(junction.targetColumns.map(([column]) => column))}`,
      };
    }
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${rel.constraint} using ${rel.table.name}${columns(rel.columns.map(([column]) => column))} and ${rel.foreignTable.name}${columns(rel.columns.map(([, column]) => column))}`,
    };
  });
  const hints = found
    .filter((rel) => !rel.computed)
    .map(
      (rel) =>
        `'${rel.foreignTable.name}!${rel.junction ? rel.junction.table.name : rel.constraint}'`,
    )
    .join(", ");
  const error = new PostgrestError(
    300,
    "PGRST201",
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    null,
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
  // The details are a list here, not a sentence (Error.hs, compressedRel).
  (error.body as { details: unknown }).details = details;
  return error;
}

function noRelationship(
  cache: SchemaCache,
  origin: TableName,
  target: string,
  hint: string | undefined,
): PostgrestError {
  const error = restError.noRelationship(origin, target, hint);
  const related = cache.relationships(origin.schema, origin.name);
  let suggestion: string | undefined;
  if (related.length > 0) {
    const names = related.map((rel) => rel.foreignTable.name);
    const child = names.includes(target) ? undefined : closestMatch(target, names);
    if (child !== undefined) suggestion = `Perhaps you meant '${child}' instead of '${target}'.`;
  } else {
    const parents = cache
      .tableNames(origin.schema)
      .filter((name) => cache.relationships(origin.schema, name).length > 0);
    const parent = closestMatch(origin.name, parents);
    if (parent !== undefined) {
      suggestion = `Perhaps you meant '${parent}' instead of '${origin.name}'.`;
    }
  }
  if (suggestion !== undefined) (error.body as { hint: string | null }).hint = suggestion;
  return error;
}

/**
 * The one relationship `origin?select=target!hint(…)` means (Plan.hs, findRel): a foreign key's,
 * a junction's, or a computed relationship's.
 */
export function findRelationship(
  cache: SchemaCache,
  origin: TableName,
  target: string,
  hint: string | undefined,
): Relationship {
  const single = (pairs: Relationship["columns"], side: 0 | 1) =>
    pairs.length === 1 ? pairs[0]?.[side] : undefined;
  const direct = (rel: Relationship) => !rel.junction;
  const found = cache.relationships(origin.schema, origin.name).filter((rel) => {
    // A computed relationship goes by its function's name, whatever the hint.
    if (rel.computed) return target === rel.computed.function.name;
    const toMany = rel.cardinality === "one-to-many";
    const toOne = rel.cardinality === "many-to-one";
    if (rel.self) {
      // One key, two relationships: the table's name embeds the children, the key's column
      // the parent; a hint naming the referenced column picks the children.
      if (hint === undefined) {
        return (
          (target === rel.foreignTable.name && toMany) ||
          (direct(rel) && single(rel.columns, 0) === target && toOne)
        );
      }
      return target === rel.foreignTable.name && toMany && single(rel.columns, 1) === hint;
    }
    if (hint === undefined) {
      return (
        target === rel.foreignTable.name ||
        (direct(rel) && !rel.foreignTableIsView && rel.constraint === target) ||
        (direct(rel) && !rel.foreignTableIsView && single(rel.columns, 0) === target)
      );
    }
    return (
      target === rel.foreignTable.name &&
      ((direct(rel) && rel.constraint === hint) ||
        (direct(rel) && single(rel.columns, 0) === hint) ||
        (direct(rel) && single(rel.columns, 1) === hint) ||
        rel.junction?.table.name === hint)
    );
  });
  if (found.length === 0) throw noRelationship(cache, origin, target, hint);
  if (found.length > 1) throw ambiguous(origin.name, target, found);
  return found[0] as Relationship;
}

const toOne = (rel: Relationship) =>
  rel.cardinality === "many-to-one" || rel.cardinality === "one-to-one";

/** The names a node's rows carry, for a spread to lift into its parent. */
function outputNames(items: readonly SelectItem[], columns: TableInfo["columns"], node: Node) {
  const names: string[] = [];
  for (const item of items) {
    if (item.type === "star") names.push(...columns.keys());
    else if (item.type === "column") names.push(itemKey(item));
    else {
      const child = node.children.get(item);
      if (!child) continue;
      if (item.spread) names.push(...child.outputs);
      else if (item.items.length > 0) names.push(embedKey(item));
    }
  }
  return names;
}

interface Node {
  children: Map<EmbedItem, Embedded>;
  outputs: string[];
}

interface Embedded extends Node {
  alias: string;
  relationship: Relationship;
  /** The lateral join that reads it. */
  join: Sql;
  inner: boolean;
  exists: Sql;
}

function relationOf(cache: SchemaCache, table: TableName): TableInfo {
  const found = cache.table(table.schema, table.name);
  if (!found) throw restError.unknownTable(table.schema, table.name);
  return found;
}

/** The select list over `source`, with a join for each embedded resource, recursively. */
function planNode(
  items: readonly SelectItem[],
  source: Source,
  context: Context,
  path: string,
  depth: number,
): { columns: Sql[]; joins: Sql[]; groupBy: Sql; node: Node } {
  const node: Node = { children: new Map(), outputs: [] };
  const alias = source.alias;
  const column = columnResolver(source);
  const columns: Sql[] = [];
  const joins: Sql[] = [];
  const grouped: number[] = [];
  const joinNames = new Set<string>();
  let aggregated = false;

  for (const item of items) {
    if (item.type === "star") {
      columns.push(sql`${alias}.*`);
      grouped.push(columns.length);
      continue;
    }
    if (item.type === "column") {
      // `books(count)`: an embedded resource's count, as Supabase documents it, answered even
      // where aggregates are off, unless the resource has a column of that name.
      if (depth > 1 && isBareCount(item) && !source.columns.has("count")) {
        aggregated = true;
        columns.push(raw(`count(*) as "count"`));
        continue;
      }
      let value =
        item.name === "*"
          ? raw("*")
          : fieldSql({ column: item.name, path: item.path }, column(item.name));
      if (item.cast !== undefined) value = sql`(${value})::${castSql(item.cast)}`;
      if (item.aggregate) {
        if (!context.aggregatesEnabled) {
          throw restError.aggregatesNotAllowed();
        }
        aggregated = true;
        value = sql`${raw(item.aggregate)}(${value})`;
        if (item.aggregateCast !== undefined) {
          value = sql`(${value})::${castSql(item.aggregateCast)}`;
        }
      } else {
        grouped.push(columns.length + 1);
      }
      columns.push(sql`${value} as ${identifier(itemKey(item))}`);
      continue;
    }
    const embedded = planEmbed(item, source, context, path, depth);
    // PostgREST names each embedded resource's join `<parent>_<alias or name>_<depth>`, so the
    // same resource twice without aliases is refused by PostgreSQL (42712), never half-answered.
    const joinName = `${source.name}_${embedKey(item)}_${depth}`;
    if (joinNames.has(joinName)) throw restError.duplicateAlias(joinName);
    joinNames.add(joinName);
    node.children.set(item, embedded);
    joins.push(embedded.join);
    const lateral = identifier(embedded.alias);
    if (item.spread) {
      for (const name of embedded.outputs) {
        columns.push(sql`${lateral}.${identifier(name)}`);
        grouped.push(columns.length);
      }
    } else if (item.items.length > 0) {
      const value = toOne(embedded.relationship)
        ? sql`${lateral}.${lateral}`
        : sql`coalesce(${lateral}.${lateral}, '[]'::jsonb)`;
      columns.push(sql`${value} as ${identifier(embedKey(item))}`);
      grouped.push(columns.length);
    }
  }
  node.outputs = outputNames(items, source.columns, node);
  const groupBy =
    aggregated && grouped.length > 0 ? raw(`group by ${grouped.map(String).join(", ")}`) : empty;
  return { columns, joins, groupBy, node };
}

/** What resolving a column's name needs of its source. */
type ResolvedSource = Pick<Source, "name" | "columns" | "alias" | "computed" | "reference"> & {
  origin?: TableName | undefined;
};

/** How a filter on `source` names a column, or an embedded resource of it (`authors=is.null`). */
export function columnResolver(
  source: ResolvedSource,
  embedded: Pick<ReadonlyMap<string, Sql>, "get"> = new Map(),
): (name: string) => Sql {
  return (name) => {
    if (source.columns.has(name)) return sql`${source.alias}.${identifier(name)}`;
    const fn = source.computed?.get(name);
    // A call's rows are a record: cast to their table's type, they pick the function.
    if (fn && source.origin) {
      return sql`${qualified(fn)}((${source.alias}.*)::${qualified(source.origin)})`;
    }
    if (fn) return sql`${qualified(fn)}(${source.alias})`;
    const value = embedded.get(name);
    if (value !== undefined) return value;
    throw restError.undefinedColumn(name, source.reference ?? source.name);
  };
}

/**
 * The conditions of `filters` over `source` (empty when there are none), columns resolved as
 * columnResolver resolves them.
 */
export function conditionsOver(
  filters: Filter[],
  source: ResolvedSource,
  embedded?: Pick<ReadonlyMap<string, Sql>, "get">,
): Sql {
  return filterConditions(filters, columnResolver(source, embedded));
}

function planEmbed(
  item: EmbedItem,
  parent: Source,
  context: Context,
  parentPath: string,
  depth: number,
): Embedded {
  if (!parent.origin) throw restError.noRelationship(parent, item.name, item.hint);
  context.embeds += 1;
  if (context.embeds > maxEmbeds) {
    throw restError.selectTooLarge(`A request embeds at most ${maxEmbeds} resources.`);
  }
  const relationship = findRelationship(context.cache, parent.origin, item.name, item.hint);
  if (item.spread && !toOne(relationship)) {
    throw restError.spreadNotToOne(parent.origin.name, item.name);
  }
  const table = relationOf(context.cache, relationship.foreignTable);
  const alias = `pgrst_${context.embeds}`;
  const rows = identifier(`${alias}_rows`);
  const source: Source = {
    name: table.name,
    schema: table.schema,
    columns: table.columns,
    alias: identifier(`${alias}_${table.name}`),
    origin: { schema: table.schema, name: table.name },
    computed: context.cache.computedFields(table.schema, table.name),
    // A many-to-many one is joined through its junction unaliased.
    reference: relationship.junction ? table.name : `${table.name}_${depth}`,
  };
  const path = parentPath === "" ? embedKey(item) : `${parentPath}.${embedKey(item)}`;
  context.used.add(path);

  const planned = planNode(item.items, source, context, path, depth + 1);
  let from = sql`${qualified(table)} as ${source.alias}`;
  const joinConditions: Sql[] = [];
  if (relationship.computed) {
    // The function reads the parent's row, cast to its table's type: a write's or a call's rows
    // are a record, and the function's name may be overloaded for other tables (Plan.hs, fromF).
    const row = sql`(${parent.alias}.*)::${qualified(relationship.table)}`;
    from = sql`${qualified(relationship.computed.function)}(${row}) as ${source.alias}`;
  } else if (relationship.junction) {
    const junction = identifier(`${alias}_junction`);
    const on = relationship.junction.targetColumns.map(
      ([own, foreign]) =>
        sql`${junction}.${identifier(own)} = ${source.alias}.${identifier(foreign)}`,
    );
    from = sql`${from} join ${qualified(relationship.junction.table)} as ${junction} on ${join(on, " and ")}`;
    joinConditions.push(
      ...relationship.junction.sourceColumns.map(
        ([own, parentColumn]) =>
          sql`${junction}.${identifier(own)} = ${parent.alias}.${identifier(parentColumn)}`,
      ),
    );
  } else {
    joinConditions.push(
      ...relationship.columns.map(
        ([parentColumn, own]) =>
          sql`${source.alias}.${identifier(own)} = ${parent.alias}.${identifier(parentColumn)}`,
      ),
    );
  }

  const parameters = context.nested.get(path) ?? [];
  const query = Object.fromEntries(parameters);
  const filters = conditionsOver(parseFilters(parameters), source, embeddedValues(planned.node));
  const where = clause("where", join([...joinConditions, filters], " and "));
  const order = orderClause(query.order, table, columnResolver(source));
  const limit = pagingNumber("limit", query.limit);
  const offset = pagingNumber("offset", query.offset);
  const paging = raw(
    `${limit === undefined ? "" : ` limit ${limit}`}${offset === undefined ? "" : ` offset ${offset}`}`,
  );
  const subquery = sql`select ${join(planned.columns, ", ")} from ${from} ${join(planned.joins, " ")} ${where} ${planned.groupBy} ${order}${paging}`;

  const lateral = identifier(alias);
  const inner = item.join === "inner";
  const kind = raw(inner ? "inner join lateral" : "left join lateral");
  let lateralJoin: Sql;
  if (item.spread) {
    lateralJoin = sql`${kind} (${subquery}) as ${lateral} on true`;
  } else if (toOne(relationship)) {
    lateralJoin = sql`${kind} (select row_to_json(${rows}.*)::jsonb as ${lateral} from (${subquery}) as ${rows}) as ${lateral} on true`;
  } else {
    const on = inner ? sql`${lateral}.${lateral} is not null` : raw("true");
    lateralJoin = sql`${kind} (select json_agg(${rows})::jsonb as ${lateral} from (${subquery}) as ${rows}) as ${lateral} on ${on}`;
  }
  // The join drops a parent row exactly when the subquery finds no row for it.
  const exists = sql`exists (${subquery})`;
  return { ...planned.node, alias, relationship, join: lateralJoin, inner, exists };
}

/**
 * A filter on a parent may name one of its embedded resources (`authors=is.null`, with
 * `authors!inner` or alone): it is then about whether the resource was found (Plan.hs,
 * addNullEmbedFilters). The SQL of each embedded resource's value, by its name.
 */
function embeddedValues(node: Node): Map<string, Sql> {
  const values = new Map<string, Sql>();
  for (const [item, child] of node.children) {
    if (item.spread) continue;
    const lateral = identifier(child.alias);
    values.set(embedKey(item), sql`${lateral}.${lateral}`);
  }
  return values;
}

/** The root's embedded resources by their key (a spread by its alias, named by no filter). */
function rootEmbeds(node: Node): Map<string, RootEmbed> {
  const embeds = new Map<string, RootEmbed>();
  for (const [item, child] of node.children) {
    const key = item.spread ? `...${child.alias}` : embedKey(item);
    embeds.set(key, { join: child.join, inner: child.inner, exists: child.exists });
  }
  return embeds;
}

/** Splits `books.title=eq.x` from the root's own parameters, by the embedded path it names. */
function nestedParameters(parameters: readonly [string, string][]) {
  const root: [string, string][] = [];
  const nested = new Map<string, [string, string][]>();
  for (const [key, value] of parameters) {
    const arrow = key.indexOf("->");
    const head = arrow === -1 ? key : key.slice(0, arrow);
    const dot = head.lastIndexOf(".");
    if (dot === -1 || key.startsWith('"') || /^not\.(and|or)$/u.test(key)) {
      root.push([key, value]);
      continue;
    }
    let path = key.slice(0, dot);
    let rest = key.slice(dot + 1);
    // `books.not.or=(…)`: the logic tree's negation belongs to the key, not the path.
    if (path.endsWith(".not") && (rest === "or" || rest === "and")) {
      path = path.slice(0, -".not".length);
      rest = `not.${rest}`;
    }
    const list = nested.get(path) ?? [];
    list.push([rest, value]);
    nested.set(path, list);
  }
  return { root, nested };
}

/**
 * Plans `select` over `source`: its select list, its embedded resources' joins, and the query
 * parameters left for the root (filters on embedded resources go into their subqueries).
 */
export function planSelect(
  select: string | undefined,
  source: Source,
  parameters: readonly [string, string][],
  options: { cache: SchemaCache; aggregatesEnabled: boolean },
): SelectPlan & { rootParameters: [string, string][] } {
  const items = parseSelect(select);
  const { root, nested } = nestedParameters(parameters);
  const context: Context = {
    cache: options.cache,
    aggregatesEnabled: options.aggregatesEnabled,
    embeds: 0,
    nested,
    used: new Set(),
  };
  const planned = planNode(items, source, context, "", 1);
  for (const path of nested.keys()) {
    if (!context.used.has(path)) throw restError.notEmbedded(path.split(".")[0] ?? path);
  }
  return {
    columns: join(planned.columns, ", "),
    joins: join(planned.joins, " "),
    embeds: rootEmbeds(planned.node),
    groupBy: planned.groupBy,
    embedded: embeddedValues(planned.node),
    rootParameters: root,
  };
}

/**
 * The rows a write returned, as its `select` asks for them, embeddings included (PostgREST
 * embeds on return=representation as on a read): a SELECT over `rows`, a CTE of the table's rows.
 */
export function writtenRows(
  select: string | undefined,
  table: TableInfo,
  rows: string,
  parameters: readonly [string, string][],
  options: { cache: SchemaCache; aggregatesEnabled: boolean },
): Sql {
  const alias = identifier(table.name);
  const computed = options.cache.computedFields(table.schema, table.name);
  const source = { ...table, alias, origin: table, computed };
  const plan = planSelect(select, source, parameters, options);
  return sql`select ${plan.columns} from ${identifier(rows)} as ${alias} ${plan.joins} ${plan.groupBy}`;
}
