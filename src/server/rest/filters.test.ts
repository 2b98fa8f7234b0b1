import { describe, expect, it } from "vitest";
import { PostgrestError } from "./errors.ts";
import { parseFilters, whereClause } from "./filters.ts";

function sql(query: string): { where: string; params: string[] } {
  const params: string[] = [];
  const where = whereClause(parseFilters(new URLSearchParams(query).entries()), {
    column: (name) => `"${name}"`,
    parameter: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  });
  return { where, params };
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

  it("refuses a filter on an embedded path with PGRST108", () => {
    expect(failure("author.name=eq.x")).toMatchObject({
      code: "PGRST108",
      message: "'author' is not an embedded resource in this request",
    });
  });
});
