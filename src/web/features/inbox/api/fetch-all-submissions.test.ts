import { requestUrl } from "../../../../../tests/support/fetch-call.ts";
import { describe, expect, it } from "vitest";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { fetchAllSubmissions } from "./fetch-all-submissions.ts";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

const row = (id: number, minute: number) => ({
  id,
  created_at: `2026-01-31T15:${String(minute).padStart(2, "0")}:00+00:00`,
});

describe("fetching every submission for the export", () => {
  it("reads every match with the filter, and gives them oldest first", async () => {
    network
      .mockResolvedValueOnce(Response.json([row(3, 30), row(2, 20)]))
      .mockResolvedValueOnce(Response.json([row(1, 10)]))
      .mockResolvedValueOnce(Response.json([]));
    const found = await fetchAllSubmissions({ form: "all", status: "spam", text: "" });
    expect(found.map((found) => found.id)).toEqual([1, 2, 3]);
    const [url] = network.mock.calls[0] ?? [];
    // One request a page, the thread of each submission embedded, oldest message first.
    expect(decodeURIComponent(new URL(requestUrl(url)).search)).toBe(
      "?select=id,created_at,name,email,phone,message,form_source,status,note," +
        "submission_messages!submission_id(direction,kind,author_name,author_email,body,created_at)" +
        "&status=eq.spam&order=created_at.desc,id.desc" +
        "&submission_messages.order=created_at.asc,id.asc&limit=1000",
    );
    expect(network).toHaveBeenCalledTimes(3);
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
