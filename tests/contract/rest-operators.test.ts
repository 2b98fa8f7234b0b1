import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor } from "../support/contract-target.ts";
import { statementsDuring } from "../support/rest.ts";
import { reloadSchema, startTestServer, type TestServer } from "../support/test-server.ts";

// PostgREST 12's array, range, JSON and full-text operators, its quantifiers and JSON paths,
// as supabase-js's own methods send them, on a table this file creates; each answer is the
// rows PostgreSQL's operator picks, or the error PostgREST gives.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec(`
    create table public.articles (
      id integer primary key,
      title text not null,
      tags text[] not null default '{}',
      during int4range,
      meta jsonb,
      search tsvector generated always as (to_tsvector('english', title)) stored
    );
    grant select on public.articles to service_role, anon;
    insert into public.articles (id, title, tags, during, meta) values
      (1, 'The quick brown fox', '{a,b}', '[1,5)', '{"lang": "ar", "tags": ["x", "y"], "n": 1}'),
      (2, 'Lazy dogs sleep', '{b,c}', '[5,10)', '{"lang": "en", "tags": ["y"], "n": 2}'),
      (3, 'Fat cats and rats', '{c}', '[10,20)', '{"lang": "fr", "tags": [], "n": 3}'),
      (4, 'Foxes jumping', '{}', null, null);
  `);
  await reloadSchema(server);
});
afterAll(() => server.close());

const service = (): SupabaseClient => clientFor(server, server.keys.service_role);
const articles = () => service().from("articles").select("id").order("id");

/** The ids a query answers, or its error. */
async function ids(
  query: PromiseLike<{ data: { id: number }[] | null; error: unknown }>,
): Promise<number[]> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.id);
}

describe("array, range and JSON operators through supabase-js", () => {
  it.each([
    ["contains an array", () => articles().contains("tags", ["a", "b"]), [1]],
    ["contains a JSON document", () => articles().contains("meta", { lang: "ar" }), [1]],
    ["contains a nested JSON array", () => articles().contains("meta", { tags: ["y"] }), [1, 2]],
    ["contains a range", () => articles().contains("during", "[2,3)"), [1]],
    ["is contained by an array", () => articles().containedBy("tags", ["b", "c"]), [2, 3, 4]],
    [
      "is contained by a JSON document",
      () => articles().containedBy("meta", { lang: "fr", tags: [], n: 3, more: true }),
      [3],
    ],
    ["overlaps an array", () => articles().overlaps("tags", ["a", "c"]), [1, 2, 3]],
    ["overlaps a range", () => articles().overlaps("during", "[4,6)"), [1, 2]],
    ["is strictly right of a range (rangeGt)", () => articles().rangeGt("during", "[1,5)"), [2, 3]],
    ["does not extend left of (rangeGte)", () => articles().rangeGte("during", "[5,6)"), [2, 3]],
    ["is strictly left of (rangeLt)", () => articles().rangeLt("during", "[10,20)"), [1, 2]],
    ["does not extend right of (rangeLte)", () => articles().rangeLte("during", "[5,10)"), [1, 2]],
    ["is adjacent to (rangeAdjacent)", () => articles().rangeAdjacent("during", "[20,30)"), [3]],
    ["is the same through filter()", () => articles().filter("tags", "cs", "{c}"), [2, 3]],
  ])("answers what %s picks", async (_what, query, expected) => {
    expect(await ids(query())).toEqual(expected);
  });

  it("negates each of them with not()", async () => {
    expect(await ids(articles().not("tags", "cs", '{"a"}'))).toEqual([2, 3, 4]);
    expect(await ids(articles().not("meta", "cd", '{"lang":"fr","tags":[],"n":3}'))).toEqual([
      1, 2,
    ]);
    // A null range overlaps nothing, and not (null) is no match either, as in SQL.
    expect(await ids(articles().not("during", "ov", "[4,6)"))).toEqual([3]);
    expect(await ids(articles().not("during", "adj", "[20,30)"))).toEqual([1, 2]);
  });
});

describe("full-text search through textSearch()", () => {
  it.each([
    ["a tsvector column", () => articles().textSearch("search", "fox"), [1, 4]],
    [
      "a text column, in a configuration",
      () => articles().textSearch("title", "foxes", { config: "english" }),
      [1, 4],
    ],
    [
      "plain words",
      () => articles().textSearch("search", "fat cats", { type: "plain", config: "english" }),
      [3],
    ],
    [
      "a phrase",
      () => articles().textSearch("search", "quick brown", { type: "phrase", config: "english" }),
      [1],
    ],
    [
      "a web search",
      () =>
        articles().textSearch("search", '"lazy dog" or rats -fat', {
          type: "websearch",
          config: "english",
        }),
      [2],
    ],
  ])("searches %s", async (_what, query, expected) => {
    expect(await ids(query())).toEqual(expected);
  });

  it("negates a search with not()", async () => {
    expect(await ids(articles().not("search", "fts(english)", "fox"))).toEqual([2, 3]);
  });
});

describe("quantified patterns and comparisons", () => {
  it.each([
    ["likeAnyOf", () => articles().likeAnyOf("title", ["The*", "Lazy*"]), [1, 2]],
    ["likeAllOf", () => articles().likeAllOf("title", ["*a*", "*s*"]), [2, 3]],
    ["ilikeAnyOf", () => articles().ilikeAnyOf("title", ["the*", "FOXES*"]), [1, 4]],
    ["ilikeAllOf", () => articles().ilikeAllOf("title", ["*FOX*", "*quick*"]), [1]],
    ["eq(any)", () => articles().filter("id", "eq(any)", "{1,3}"), [1, 3]],
    ["gt(all)", () => articles().filter("id", "gt(all)", "{1,2}"), [3, 4]],
    ["lte(any)", () => articles().filter("id", "lte(any)", "{1}"), [1]],
    ["match(any)", () => articles().filter("title", "match(any)", "{^Fat,^Lazy}"), [2, 3]],
    ["imatch(all)", () => articles().filter("title", "imatch(all)", "{^f,S$}"), [3]],
    ["not.like(any)", () => articles().not("title", "like(any)", "{F*,L*}"), [1]],
    ["match()", () => articles().match({ id: 2, title: "Lazy dogs sleep" }), [2]],
  ])("answers %s", async (_what, query, expected) => {
    expect(await ids(query())).toEqual(expected);
  });
});

describe("JSON paths", () => {
  it("filters on a path, as text or as JSON, and by an array index", async () => {
    expect(await ids(articles().eq("meta->>lang", "ar"))).toEqual([1]);
    expect(await ids(articles().filter("meta->>lang", "in", "(ar,fr)"))).toEqual([1, 3]);
    expect(await ids(articles().eq("meta->tags->0", '"y"'))).toEqual([2]);
    expect(await ids(articles().eq("meta->tags->>-1", "y"))).toEqual([1, 2]);
    expect(await ids(articles().gt("meta->n", 1))).toEqual([2, 3]);
    expect(await ids(articles().isDistinct("meta->>lang", "ar"))).toEqual([2, 3, 4]);
    expect(await ids(articles().is("meta->>lang", null))).toEqual([4]);
    expect(await ids(articles().not("meta->>lang", "eq", "en"))).toEqual([1, 3]);
  });

  it("orders by a path", async () => {
    const ordered = await service()
      .from("articles")
      .select("id")
      .order("meta->n", { ascending: false, nullsFirst: false })
      .overrideTypes<{ id: number }[], { merge: false }>();
    expect(ordered.error).toBeNull();
    expect(ordered.data?.map((row) => row.id)).toEqual([3, 2, 1, 4]);
    const byLanguage = await service()
      .from("articles")
      .select("id")
      .not("meta", "is", null)
      .order("meta->>lang", { ascending: false })
      .overrideTypes<{ id: number }[], { merge: false }>();
    expect(byLanguage.data?.map((row) => row.id)).toEqual([3, 2, 1]);
  });

  it("refuses a path into a column the table does not have", async () => {
    const { error, status } = await articles().eq("other->>lang", "ar");
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "42703" });
  });
});

describe("or() and and() trees around them", () => {
  it.each([
    ["arrays and ranges", "tags.cs.{a,b},during.ov.[10,11)", [1, 3]],
    ["quoted ranges", 'during.adj."[20,30)",during.sl."[2,3)"', [3]],
    ["JSON documents", 'meta.cs.{"lang":"en"},meta.cd.{"lang":"fr","tags":[],"n":3}', [2, 3]],
    [
      "full-text search and quantifiers",
      "title.wfts(english).sleep,title.like(any).{Fat*}",
      [2, 3],
    ],
    ["JSON paths", "meta->>lang.eq.fr,meta->tags->>0.eq.y", [2, 3]],
    ["negations", "tags.not.ov.{a,c},and(meta->>n.gte.2,title.not.fts.rats)", [2, 4]],
    ["spaces after commas", "id.in.(1,2), tags.cs.{c}", [1, 2, 3]],
  ])("reads %s", async (_what, filters, expected) => {
    expect(await ids(articles().or(filters))).toEqual(expected);
  });

  it("negates a tree of them", async () => {
    const response = await server.fetch(
      `${server.url}/rest/v1/articles?select=id&order=id&not.or=(tags.cs.{a},meta->>lang.eq.en)`,
      {
        headers: {
          apikey: server.keys.service_role,
          authorization: `Bearer ${server.keys.service_role}`,
        },
      },
    );
    expect(response.status).toBe(200);
    // Row 4's null meta leaves its "or" null, and not (null) keeps no row, as in SQL.
    expect(await response.json()).toEqual([{ id: 3 }]);
  });
});

describe("errors, as PostgREST answers them", () => {
  it("refuses an unknown operator with PGRST100 and Parsec's position", async () => {
    const { error, status } = await articles().filter("title", "contains", "x");
    expect(status).toBe(400);
    expect(error).toEqual({
      code: "PGRST100",
      message: '"failed to parse filter (contains.x)" (line 1, column 1)',
      details: 'unexpected "c" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
  });

  it("answers PostgreSQL's error for a value its type does not read", async () => {
    const array = await articles().filter("tags", "cs", "{a");
    expect(array).toMatchObject({ status: 400, error: { code: "22P02" } });
    const range = await articles().overlaps("during", "[5,1)");
    expect(range).toMatchObject({ status: 400, error: { code: "22000" } });
    const json = await articles().filter("meta", "cs", "{lang}");
    expect(json).toMatchObject({ status: 400, error: { code: "22P02" } });
    const configuration = await articles().textSearch("search", "fox", { config: "klingon" });
    expect(configuration).toMatchObject({ status: 400, error: { code: "42704" } });
  });

  it("answers 404 42883 for an operator the column's type lacks, as PostgREST does", async () => {
    const { error, status } = await articles().filter("title", "ov", "{a}");
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: "42883" });
  });

  it("refuses an or() of 1,000 conditions before it reaches the database", async () => {
    const terms = Array.from({ length: 1000 }, (_, index) => `id.eq.${index}`).join(",");
    const {
      answer: { error, status },
      statements,
    } = await statementsDuring(server, async () => await articles().or(terms));
    expect(statements).toBe(0);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "PGRST100",
      details: "logic trees hold at most 200 conditions",
    });
  });
});

describe("supabase-js's comparisons, patterns and modifiers by name", () => {
  it.each([
    ["eq", () => articles().eq("id", 2), [2]],
    ["neq", () => articles().neq("id", 2), [1, 3, 4]],
    ["gt", () => articles().gt("id", 2), [3, 4]],
    ["gte", () => articles().gte("id", 2), [2, 3, 4]],
    ["lt", () => articles().lt("id", 2), [1]],
    ["lte", () => articles().lte("id", 2), [1, 2]],
    ["like", () => articles().like("title", "%ox%"), [1, 4]],
    ["ilike", () => articles().ilike("title", "fox%"), [4]],
    ["regexMatch", () => articles().regexMatch("title", "^[FL]a"), [2, 3]],
    ["regexIMatch", () => articles().regexIMatch("title", "^the"), [1]],
    ["in", () => articles().in("id", [1, 4]), [1, 4]],
    ["not in", () => articles().not("id", "in", "(1,4)"), [2, 3]],
    ["is null", () => articles().is("during", null), [4]],
    ["limit", () => articles().limit(2), [1, 2]],
    ["range", () => articles().range(1, 2), [2, 3]],
    [
      "order descending",
      () => service().from("articles").select("id").order("id", { ascending: false }),
      [4, 3, 2, 1],
    ],
  ])("answers %s", async (_what, query, expected) => {
    expect(await ids(query())).toEqual(expected);
  });

  it("reads the schema schema() names, and refuses one that is not exposed with PGRST106", async () => {
    expect(await ids(service().schema("public").from("articles").select("id").eq("id", 3))).toEqual(
      [3],
    );
    const hidden = await service().schema("library").from("articles").select("id");
    expect(hidden.status).toBe(406);
    expect(hidden.error?.code).toBe("PGRST106");
  });
});
