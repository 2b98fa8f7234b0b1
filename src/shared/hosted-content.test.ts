import { describe, expect, it } from "vitest";
import { HostedContentError, readHostedContent } from "./hosted-content.ts";

const initial = {
  version: 1,
  content: { programs: [], mutakallim: {}, links: {}, values: [], stories: [], pages: {} },
};

/** A fetch that answers `status` and `body`, and records what it was asked. */
function answering(status: number, body: string) {
  const asked: { url: string; headers: Headers }[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    asked.push({
      url: input instanceof Request ? input.url : input.toString(),
      headers: new Headers(init?.headers),
    });
    return Promise.resolve(new Response(body, { status }));
  }) as typeof fetch;
  return { asked, fetchImpl };
}

async function failure(status: number, body: string): Promise<string> {
  const { fetchImpl } = answering(status, body);
  const error: unknown = await readHostedContent("https://p.supabase.co", "anon", fetchImpl).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HostedContentError);
  return (error as Error).message;
}

describe("reading a hosted project's published content", () => {
  it("asks the public view for the newest version, as a visitor, with the anon key", async () => {
    const { asked, fetchImpl } = answering(200, JSON.stringify([initial]));
    await readHostedContent("https://p.supabase.co/", "the-anon-key", fetchImpl).catch(() => {});
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe(
      "https://p.supabase.co/rest/v1/published_site_content?select=version,content&order=version.desc&limit=1",
    );
    expect(asked[0]?.headers.get("apikey")).toBe("the-anon-key");
    expect(asked[0]?.headers.get("authorization")).toBe("Bearer the-anon-key");
  });

  it("names the problems of content the pages cannot show", async () => {
    const message = await failure(200, JSON.stringify([initial]));
    expect(message).toMatch(/^Version 1 cannot be shown on the pages:\n {2}programs: /u);
  });

  it("says what an error answer says, and what to check", async () => {
    expect(await failure(401, '{"message":"Invalid API key"}')).toMatch(
      /answered 401: Invalid API key \(is VITE_SUPABASE_ANON_KEY the project's anon key\?\)$/u,
    );
    expect(
      await failure(
        404,
        '{"code":"PGRST205","message":"Could not find the table \'public.published_site_content\' in the schema cache"}',
      ),
    ).toMatch(/answered 404: Could not find the table .*\(are the migrations applied\?/u);
    expect(await failure(502, "<html>Bad gateway</html>")).toMatch(
      /answered 502: <html>Bad gateway<\/html>$/u,
    );
  });

  it("refuses an answer with nothing published, or not JSON", async () => {
    expect(await failure(200, "[]")).toMatch(/^The project has no published content/u);
    expect(await failure(200, "<html>")).toMatch(/answered something other than JSON$/u);
  });
});
