import { describe, expect, it } from "vitest";
import { PostgrestError } from "../errors.ts";
import { maxLogicConditions, parseFilters } from "./filters.ts";
import { whereClause } from "../sql/filters.ts";
import { orderClause, type Selectable } from "./query-params.ts";
import { identifier, render } from "../sql/sql.ts";

function sql(query: string): { where: string; params: unknown[] } {
  const { text, values } = render(
    whereClause(parseFilters(new URLSearchParams(query).entries()), identifier),
  );
  return { where: text, params: values };
}

function failure(query: string): PostgrestError["body"] {
  try {
    sql(query);
  } catch (error) {
    if (error instanceof PostgrestError) return error.body;
    throw error;
  }
  throw new Error(`${query} parsed`);
}

describe("PostgREST's filter grammar", () => {
  it.each([
    ["status=eq.new", `where "status" = $1`, ["new"]],
    ["id=gte.5&id=lt.9", `where "id" >= $1 and "id" < $2`, ["5", "9"]],
    ["status=neq.spam", `where "status" <> $1`, ["spam"]],
    ["name=ilike.*%D9%86%D9%88%D8%B1*", `where "name" ilike $1`, ["%نور%"]],
    ["name=like.A*", `where "name" like $1`, ["A%"]],
    ["name=match.^A", `where "name" ~ $1`, ["^A"]],
    ["phone=is.null", `where "phone" is null`, []],
    ["phone=not.is.NULL", `where not ("phone" is null)`, []],
    ["phone=is.not_null", `where "phone" is not null`, []],
    ["note=isdistinct.x", `where "note" is distinct from $1`, ["x"]],
    ["status=in.(new,in_progress)", `where "status" = any($1)`, ['{"new","in_progress"}']],
    ['name=in.("a,b",c\\d,"q\\"t")', `where "name" = any($1)`, ['{"a,b","c\\\\d","q\\"t"}']],
    ["status=in.()", `where "status" = any($1)`, ["{}"]],
    ["status=not.in.(spam)", `where not ("status" = any($1))`, ['{"spam"}']],
    // A top-level value is taken verbatim, quotes and commas included.
    ['name=eq."a,b"', `where "name" = $1`, ['"a,b"']],
    ["message=eq.a+b", `where "message" = $1`, ["a b"]],
    // Arrays, ranges and JSON documents: the literal goes as it came, PostgreSQL reads its type.
    ["tags=cs.{a,b}", `where "tags" @> $1`, ["{a,b}"]],
    ['meta=cs.{"lang":"ar"}', `where "meta" @> $1`, ['{"lang":"ar"}']],
    ["tags=cd.{a,b,c}", `where "tags" <@ $1`, ["{a,b,c}"]],
    ["during=ov.[1,5)", `where "during" && $1`, ["[1,5)"]],
    ["during=sl.(10,20)", `where "during" << $1`, ["(10,20)"]],
    ["during=sr.[1,2]", `where "during" >> $1`, ["[1,2]"]],
    ["during=nxr.[1,5)", `where "during" &< $1`, ["[1,5)"]],
    ["during=nxl.[1,5)", `where "during" &> $1`, ["[1,5)"]],
    ["during=adj.[5,6)", `where "during" -|- $1`, ["[5,6)"]],
    ["tags=not.ov.{a}", `where not ("tags" && $1)`, ["{a}"]],
    // Quantifiers: the value is an array literal; like's stars become % throughout.
    ["title=like(any).{a*,b*}", `where "title" like any($1)`, ["{a%,b%}"]],
    ["title=ilike(all).{*a*,*b*}", `where "title" ilike all($1)`, ["{%a%,%b%}"]],
    ["id=eq(any).{1,2}", `where "id" = any($1)`, ["{1,2}"]],
    ["id=gt(all).{1,2}", `where "id" > all($1)`, ["{1,2}"]],
    ["title=match(any).{^a,b$}", `where "title" ~ any($1)`, ["{^a,b$}"]],
    ["title=not.imatch(any).{^a}", `where not ("title" ~* any($1))`, ["{^a}"]],
    // Full-text search, with or without a configuration.
    ["body=fts.cat", `where "body" @@ to_tsquery($1)`, ["cat"]],
    ["body=fts(english).cats", `where "body" @@ to_tsquery($1, $2)`, ["english", "cats"]],
    ["body=plfts.fat cats", `where "body" @@ plainto_tsquery($1)`, ["fat cats"]],
    [
      "body=phfts(simple).fat cat",
      `where "body" @@ phraseto_tsquery($1, $2)`,
      ["simple", "fat cat"],
    ],
    [
      'body=not.wfts.cat -"fat rat"',
      `where not ("body" @@ websearch_to_tsquery($1))`,
      ['cat -"fat rat"'],
    ],
    // JSON paths: keys as literals, indexes as integers.
    ["meta->>lang=eq.ar", `where "meta"->>E'lang' = $1`, ["ar"]],
    ['meta->tags->0=eq."a"', `where "meta"->E'tags'->'0'::int = $1`, ['"a"']],
    ["meta->tags->>-1=eq.b", `where "meta"->E'tags'->>'-1'::int = $1`, ["b"]],
    ['meta->"0"->>"it\'s"=eq.x', `where "meta"->E'0'->>E'it''s' = $1`, ["x"]],
    ['meta->>"a\\\\b"=is.null', `where "meta"->>E'a\\\\b' is null`, []],
    ["meta->1a=eq.1", `where "meta"->E'1a' = $1`, ["1"]],
    // A key is anything but (-:.,>), or quoted; a quote in it is doubled in the literal.
    ["meta->>it's ok!=eq.1", `where "meta"->>E'it''s ok!' = $1`, ["1"]],
    [
      "meta->>'; drop table x; select '1=eq.1",
      `where "meta"->>E'''; drop table x; select ''1' = $1`,
      ["1"],
    ],
  ])("reads ?%s", (query, where, params) => {
    expect(sql(query)).toEqual({ where, params });
  });

  it("reads logic trees, nested and negated", () => {
    expect(sql("or=(name.ilike.*x*,email.ilike.*x*)")).toEqual({
      where: `where ("name" ilike $1 or "email" ilike $2)`,
      params: ["%x%", "%x%"],
    });
    expect(
      sql('or=(status.eq.new,and(status.eq.done,note.neq.""))&not.and=(id.lt.1,id.gt.9)'),
    ).toEqual({
      where: `where ("status" = $1 or ("status" = $2 and "note" <> $3)) and not (("id" < $4 and "id" > $5))`,
      params: ["new", "done", "", "1", "9"],
    });
    expect(sql('or=(name.eq."a,(b)",phone.is.null,status.in.(new,spam))')).toEqual({
      where: `where ("name" = $1 or "phone" is null or "status" = any($2))`,
      params: ["a,(b)", '{"new","spam"}'],
    });
  });

  it("reads every operator inside trees, with the literals that hold commas", () => {
    expect(sql("or=(tags.cs.{a,b},during.ov.[1,5))")).toEqual({
      where: `where ("tags" @> $1 or "during" && $2)`,
      params: ["{a,b}", "[1,5)"],
    });
    expect(sql("or=(title.fts(english).word,title.like(any).{a*,b*})")).toEqual({
      where: `where ("title" @@ to_tsquery($1, $2) or "title" like any($3))`,
      params: ["english", "word", "{a%,b%}"],
    });
    expect(
      sql(
        'and=(meta->>lang.eq.ar,meta.cs.{"tags":["x"]},not.or(during.adj.(5,6],tags.not.cd.{a}))',
      ),
    ).toEqual({
      where: `where ("meta"->>E'lang' = $1 and "meta" @> $2 and not (("during" -|- $3 or not ("tags" <@ $4))))`,
      params: ["ar", '{"tags":["x"]}', "(5,6]", "{a}"],
    });
    // Spaces after "(" and ",", as supabase-js's own examples write them.
    expect(sql("or=( id.in.(5,6), tags.cs.{a} )").where).toBe(
      `where ("id" = any($1) or "tags" @> $2)`,
    );
    // A quoted value that goes on is read as PostgREST does: up to "," or ")".
    expect(sql('or=(title.eq."a"b,title.phfts."x,y")').params).toEqual(['"a"b', "x,y"]);
    // Braces nested, as JSON may be: not an array literal, so read up to "," or ")".
    expect(sql('or=(meta.cs.{"a":{"b":1}})').params).toEqual(['{"a":{"b":1}}']);
  });

  it("refuses a logic tree of more conditions than it allows, before any SQL is built", () => {
    const terms = (count: number) =>
      `or=(${Array.from({ length: count }, (_, index) => `id.eq.${index}`).join(",")})`;
    expect(sql(terms(maxLogicConditions)).params).toHaveLength(maxLogicConditions);
    expect(failure(terms(maxLogicConditions + 1))).toMatchObject({
      code: "PGRST100",
      details: `logic trees hold at most ${maxLogicConditions} conditions`,
    });
    expect(failure(terms(1000))).toMatchObject({ code: "PGRST100" });
    expect(failure(`and=(or${terms(1000).slice(3)})`)).toMatchObject({ code: "PGRST100" });
    // Refused where the count is passed, reading no further: a tail that could not be parsed
    // (alone it fails otherwise) is never reached, however long it is.
    const unreadable = "id.nonsense";
    expect(failure(`or=(${unreadable})`).details).not.toContain("conditions");
    const pastTheBound = `${terms(maxLogicConditions).slice(0, -1)},${Array(5000).fill(unreadable).join(",")})`;
    for (const query of [pastTheBound, `and=(id.eq.0,or${pastTheBound.slice(3)})`]) {
      expect(failure(query)).toMatchObject({
        code: "PGRST100",
        details: `logic trees hold at most ${maxLogicConditions} conditions`,
      });
    }
  });

  it("leaves the reserved parameters to the read itself", () => {
    expect(sql("select=id&order=id.desc&limit=1&offset=2&columns=x&apikey=k")).toEqual({
      where: "",
      params: [],
    });
  });

  it.each([
    [
      "id=0",
      '"failed to parse filter (0)" (line 1, column 1)',
      'unexpected "0" expecting "not" or operator (eq, gt, ...)',
    ],
    [
      "id=not.0",
      '"failed to parse filter (not.0)" (line 1, column 5)',
      'unexpected "0" expecting operator (eq, gt, ...)',
    ],
    [
      "id=eq",
      '"failed to parse filter (eq)" (line 1, column 3)',
      'unexpected end of input expecting "."',
    ],
    [
      "phone=is.maybe",
      '"failed to parse filter (is.maybe)" (line 1, column 4)',
      'unexpected "m" expecting null, true, false, unknown or not_null',
    ],
    [
      "status=in.(new",
      '"failed to parse filter (in.(new)" (line 1, column 8)',
      'unexpected end of input expecting "," or ")"',
    ],
    [
      "id=foo.1",
      '"failed to parse filter (foo.1)" (line 1, column 1)',
      'unexpected "f" expecting "not" or operator (eq, gt, ...)',
    ],
    [
      "tags=neq(any).{a}",
      '"failed to parse filter (neq(any).{a})" (line 1, column 4)',
      'unexpected "(" expecting "."',
    ],
    [
      "tags=eq(some).{a}",
      '"failed to parse filter (eq(some).{a})" (line 1, column 4)',
      'unexpected "s" expecting "any" or "all"',
    ],
    [
      "body=fts().cat",
      '"failed to parse filter (fts().cat)" (line 1, column 5)',
      'unexpected ")" expecting letter or digit',
    ],
    [
      "meta->=eq.1",
      '"failed to parse tree path (meta->)" (line 1, column 7)',
      "unexpected end of input expecting any non reserved character different from: .,>()",
    ],
    [
      "id!x=eq.1",
      '"failed to parse tree path (id!x)" (line 1, column 3)',
      'unexpected "!" expecting "->", "->>" or end of input',
    ],
    [
      "or=(tags.cs.{a,b}x)",
      '"failed to parse logic tree ((tags.cs.{a,b}x))" (line 1, column 17)',
      'unexpected "x" expecting "," or ")"',
    ],
    [
      "or=(meta->>lang,eq.ar)",
      '"failed to parse logic tree ((meta->>lang,eq.ar))" (line 1, column 15)',
      'unexpected "," expecting delimiter (.)',
    ],
    [
      'meta->>"a%00b"=eq.1',
      '"failed to parse tree path (meta->>"a\u0000b")" (line 1, column 8)',
      "a name cannot hold a NUL character",
    ],
    [
      "or=()",
      '"failed to parse logic tree (())" (line 1, column 4)',
      'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)',
    ],
    [
      "or=(name.eq.a",
      '"failed to parse logic tree ((name.eq.a)" (line 1, column 13)',
      'unexpected end of input expecting "," or ")"',
    ],
    [
      "and=name.eq.a",
      '"failed to parse logic tree (name.eq.a)" (line 1, column 4)',
      'unexpected "n" expecting "("',
    ],
  ])("refuses ?%s with PGRST100 and Parsec's position", (query, message, details) => {
    expect(failure(query)).toEqual({ code: "PGRST100", message, details, hint: null });
  });

  it("refuses a logic tree nested deeper than it allows, instead of exhausting the stack", () => {
    const nested = (depth: number) =>
      `or=(${"or(".repeat(depth - 1)}id.eq.1${")".repeat(depth - 1)})`;
    expect(sql(nested(16)).params).toEqual(["1"]);
    expect(failure(nested(17))).toMatchObject({
      code: "PGRST100",
      details: "logic trees nest at most 16 levels deep",
    });
    expect(failure(nested(5000))).toMatchObject({ code: "PGRST100" });
  });

  it("orders by columns and JSON paths", () => {
    const table = {
      schema: "public",
      name: "notes",
      columns: new Map([
        ["id", {}],
        ["meta", {}],
      ]),
    } as unknown as Selectable;
    expect(render(orderClause("meta->>lang.desc,meta->tags->0.asc.nullslast,id", table)).text).toBe(
      `order by "meta"->>E'lang' desc, "meta"->E'tags'->'0'::int asc nulls last, "id" asc`,
    );
    expect(() => orderClause("other->>lang", table)).toThrow(PostgrestError);
  });

  it("refuses a filter on an embedded path with PGRST108", () => {
    expect(failure("author.name=eq.x")).toMatchObject({
      code: "PGRST108",
      message: "'author' is not an embedded resource in this request",
    });
  });
});
