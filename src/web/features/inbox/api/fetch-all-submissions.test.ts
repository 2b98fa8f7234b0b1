import { describe, expect, it } from "vitest";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { exportBatchSize, fetchAllSubmissions } from "./fetch-all-submissions.ts";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: from + index }));

describe("fetching every submission for the export", () => {
  it("reads pages of 1000, oldest first, with the filter, until a short page", async () => {
    network
      .mockResolvedValueOnce(Response.json(rows(1, exportBatchSize)))
      .mockResolvedValueOnce(Response.json(rows(1001, 2)));
    const found = await fetchAllSubmissions({ form: "all", status: "spam", text: "" });
    expect(found).toHaveLength(exportBatchSize + 2);
    const requests = network.mock.calls.map(([url, init]) => ({
      search: decodeURIComponent(new URL(String(url)).search),
      range: new Headers(init?.headers).get("range"),
    }));
    expect(requests).toEqual([
      {
        search:
          "?select=id,created_at,name,email,phone,message,form_source,status,note&status=eq.spam&order=id.asc&offset=0&limit=1000",
        range: null,
      },
      {
        search:
          "?select=id,created_at,name,email,phone,message,form_source,status,note&status=eq.spam&order=id.asc&offset=1000&limit=1000",
        range: null,
      },
    ]);
  });

  it("fails when the server does", async () => {
    network.mockResolvedValueOnce(
      Response.json(
        { code: "42501", message: "permission denied", details: null, hint: null },
        { status: 401 },
      ),
    );
    await expect(fetchAllSubmissions({ form: "all", status: "all", text: "" })).rejects.toThrow();
  });
});
