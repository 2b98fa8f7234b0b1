import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { querySubmissions } from "../api/query-submissions.ts";
import {
  applyFilter,
  noFilter,
  readAddress,
  searchText,
  writeAddress,
  type FilterableQuery,
} from "./filter.ts";

/** supabase-js's builder seen through the part a filter uses, and the address it builds. */
interface SelectQuery extends FilterableQuery<SelectQuery> {
  url: URL;
}

describe("the inbox's address", () => {
  it("reads what it writes", () => {
    const address = {
      view: "submissions",
      part: undefined,
      filter: { form: "Mutakallim Program", status: "in_progress", text: "ريم" },
      page: 3,
      open: 42,
    } as const;
    const search = writeAddress(address);
    expect(search.toString()).toBe(
      "form=mutakallim&status=in_progress&q=%D8%B1%D9%8A%D9%85&page=3&open=42",
    );
    expect(readAddress(search)).toEqual(address);
  });

  it("writes nothing for no filter on the first page", () => {
    expect(
      writeAddress({
        view: "submissions",
        part: undefined,
        filter: noFilter,
        page: 1,
        open: undefined,
      }).toString(),
    ).toBe("");
  });

  it("names the site's section, and nothing of the submissions, when the site is shown", () => {
    const search = writeAddress({
      view: "site",
      part: "programs",
      filter: { ...noFilter, status: "new" },
      page: 2,
      open: 7,
    });
    expect(search.toString()).toBe("view=site&part=programs");
    expect(readAddress(search)).toMatchObject({ view: "site", part: "programs" });
  });

  it("names the saved replies alone when they are shown", () => {
    const search = writeAddress({
      view: "replies",
      part: "programs",
      filter: { ...noFilter, text: "layla" },
      page: 3,
      open: 7,
    });
    expect(search.toString()).toBe("view=replies");
    expect(readAddress(search)).toMatchObject({ view: "replies", open: undefined });
  });

  it("ignores what it does not know", () => {
    expect(
      readAddress(new URLSearchParams("view=other&form=other&status=archived&page=0&open=x")),
    ).toEqual({
      view: "submissions",
      part: undefined,
      filter: noFilter,
      page: 1,
      open: undefined,
    });
  });
});

describe("the text searched", () => {
  it.each([
    [" layla ", "layla"],
    ["٠٥٥", "٠٥٥"],
    ['a,b) "c" 50%_\\', 'a,b) "c" 50%_\\'],
    ["  ", undefined],
  ])("%j is searched as %j: the database folds and escapes the rest", (text, searched) => {
    expect(searchText({ ...noFilter, text })).toBe(searched);
  });
});

describe("a filter on a supabase-js query", () => {
  const supabase = createClient("https://kalima.example", "anon-key-for-tests", {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const select = () => supabase.from("contact_submissions").select("id") as unknown as SelectQuery;
  const parameters = (query: SelectQuery) => [...query.url.searchParams];

  it("keeps spam out of the default list", () => {
    const query = applyFilter(select(), noFilter);
    expect(parameters(query)).toEqual([
      ["select", "id"],
      ["status", "neq.spam"],
    ]);
  });

  it("narrows by form and status, spam too when asked", () => {
    expect(parameters(applyFilter(select(), { form: "Contact Page", status: "new" }))).toEqual([
      ["select", "id"],
      ["form_source", "eq.Contact Page"],
      ["status", "eq.new"],
    ]);
    expect(parameters(applyFilter(select(), { form: "all", status: "spam" }))).toEqual([
      ["select", "id"],
      ["status", "eq.spam"],
    ]);
  });

  it("searches text through the database's folded search, filtered as the table is", () => {
    const query = querySubmissions(
      supabase,
      { form: "Mutakallim Program", status: "all", text: " سارة " },
      "id",
    ) as unknown as SelectQuery & { method: string; body: unknown };
    expect(query.url.pathname).toBe("/rest/v1/rpc/search_submissions");
    expect(query.method).toBe("POST");
    expect(query.body).toEqual({ query: "سارة" });
    expect(parameters(query)).toEqual([
      ["select", "id"],
      ["form_source", "eq.Mutakallim Program"],
      ["status", "neq.spam"],
    ]);
  });
});
