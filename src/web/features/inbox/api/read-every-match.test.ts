import { jsonBody, requestUrl } from "../../../../../tests/support/fetch-call.ts";
import { describe, expect, it } from "vitest";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { readBatchSize, readEveryMatch } from "./read-every-match.ts";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

/** `count` rows, newest first, from id `first` down; two by two they share a moment. */
const rows = (first: number, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const id = first - index;
    return {
      id,
      created_at: `2026-01-01T00:00:${String(Math.floor(id / 2) % 60).padStart(2, "0")}.5+00:00`,
    };
  });

function requests() {
  return network.mock.calls.map(([url]) => [...new URL(requestUrl(url)).searchParams]);
}

describe("reading every match", () => {
  it("pages on from the last row until a page is empty, however short the server's pages", async () => {
    // A server whose max-rows is 500 answers 500 to every request for 1000.
    network
      .mockResolvedValueOnce(Response.json(rows(1200, 500)))
      .mockResolvedValueOnce(Response.json(rows(700, 500)))
      .mockResolvedValueOnce(Response.json(rows(200, 200)))
      .mockResolvedValueOnce(Response.json([]));
    const found = await readEveryMatch<{ id: number }>(
      await getSupabase(),
      { form: "Contact Page", status: "all", text: "" },
      "id, created_at",
    );
    expect(found.map((row) => row.id)).toEqual(rows(1200, 1200).map((row) => row.id));
    const [first, second, , last] = requests();
    expect(first).toEqual([
      ["select", "id,created_at"],
      ["form_source", "eq.Contact Page"],
      ["status", "neq.spam"],
      ["order", "created_at.desc,id.desc"],
      ["limit", String(readBatchSize)],
    ]);
    const after = rows(701, 1)[0]!;
    expect(second).toEqual([
      ["select", "id,created_at"],
      ["form_source", "eq.Contact Page"],
      ["status", "neq.spam"],
      ["created_at", `lte.${after.created_at}`],
      [
        "or",
        `(created_at.lt."${after.created_at}",and(created_at.eq."${after.created_at}",id.lt.701))`,
      ],
      ["order", "created_at.desc,id.desc"],
      ["limit", String(readBatchSize)],
    ]);
    expect(last).toContainEqual(["or", expect.stringContaining("id.lt.1)")]);
    expect(requests()).toHaveLength(4);
  });

  it("reads a search through the database's search, in the same pages", async () => {
    network
      .mockResolvedValueOnce(Response.json(rows(2, 2)))
      .mockResolvedValueOnce(Response.json([]));
    const found = await readEveryMatch(
      await getSupabase(),
      { form: "all", status: "done", text: " ليلى " },
      "id, created_at",
      2,
    );
    expect(found).toHaveLength(2);
    const [url, init] = network.mock.calls[0] ?? [];
    expect(new URL(requestUrl(url)).pathname).toBe("/rest/v1/rpc/search_submissions");
    expect(jsonBody(init)).toEqual({ query: "ليلى" });
    expect(requests()[0]).toContainEqual(["limit", "2"]);
    expect(requests()[0]).toContainEqual(["status", "eq.done"]);
  });

  it("fails when the server does, whatever it read before", async () => {
    network
      .mockResolvedValueOnce(Response.json(rows(3, 2)))
      .mockResolvedValueOnce(
        Response.json(
          { code: "57014", message: "canceling statement due to statement timeout" },
          { status: 500 },
        ),
      );
    await expect(
      readEveryMatch(
        await getSupabase(),
        { form: "all", status: "all", text: "" },
        "id, created_at",
      ),
    ).rejects.toMatchObject({ code: "57014" });
  });
});
