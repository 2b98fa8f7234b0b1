import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import {
  applyFilter,
  noFilter,
  readAddress,
  textCondition,
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
    expect(writeAddress({ filter: noFilter, page: 1, open: undefined }).toString()).toBe("");
  });

  it("ignores what it does not know", () => {
    expect(readAddress(new URLSearchParams("form=other&status=archived&page=0&open=x"))).toEqual({
      filter: noFilter,
      page: 1,
      open: undefined,
    });
  });
});

describe("the text condition", () => {
  it("looks in the name, email, phone and message", () => {
    expect(textCondition(" layla ")).toBe(
      'name.ilike."*layla*",email.ilike."*layla*",phone.ilike."*layla*",message.ilike."*layla*"',
    );
  });

  it("quotes what PostgREST's grammar would read, and takes LIKE's wildcards literally", () => {
    expect(textCondition('a,b) "c" 50%_\\')?.split(",email")[0]).toBe(
      'name.ilike."*a,b) \\"c\\" 50\\\\%\\\\_\\\\\\\\*"',
    );
  });

  it("finds Arabic-Indic digits as Latin ones too", () => {
    expect(textCondition("٠٥٥")).toContain('phone.ilike."*٠٥٥*"');
    expect(textCondition("٠٥٥")).toContain('phone.ilike."*055*"');
  });

  it("is nothing for blank text", () => {
    expect(textCondition("  ")).toBeUndefined();
  });
});

describe("a filter on a supabase-js query", () => {
  const supabase = createClient("https://kalima.example", "anon-key-for-tests", {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const select = () => supabase.from("contact_submissions").select("id") as unknown as SelectQuery;
  const parameters = (query: SelectQuery) => [...query.url.searchParams];

  it("adds nothing without a filter", () => {
    const query = applyFilter(select(), noFilter);
    expect(parameters(query)).toEqual([["select", "id"]]);
  });

  it("narrows by form, status and text", () => {
    const query = applyFilter(select(), {
      form: "Contact Page",
      status: "new",
      text: "سارة",
    });
    expect(parameters(query)).toEqual([
      ["select", "id"],
      ["form_source", "eq.Contact Page"],
      ["status", "eq.new"],
      [
        "or",
        '(name.ilike."*سارة*",email.ilike."*سارة*",phone.ilike."*سارة*",message.ilike."*سارة*")',
      ],
    ]);
  });
});
