import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { siteContentProblems } from "../../shared/site-content.ts";

// The site's content as the team edits it: drafts with revisions, versions, publishing and
// restoring, under row-level security, through the API as any client reaches it.
let server: TestServer;
/** What a fresh database publishes, read as a visitor reads it before any test changes it. */
let firstPublished: { status: number; body: unknown };
const member = randomUUID();
const colleague = randomUUID();
const outsider = randomUUID();

beforeAll(async () => {
  server = await startTestServer();
  await server.db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', 'member@example.com', '{"team": true}', now(), now()),
            ($2, 'authenticated', 'authenticated', 'colleague@example.com', '{"team": true}', now(), now()),
            ($3, 'authenticated', 'authenticated', 'outsider@example.com', '{}', now(), now())`,
    [member, colleague, outsider],
  );
  firstPublished = await request(
    "/rest/v1/published_site_content?select=version,content",
    undefined,
  );
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.query("delete from public.site_content_drafts");
  await server.db.query("delete from public.site_content_versions");
});

const emails: Record<string, string> = {
  [member]: "member@example.com",
  [colleague]: "colleague@example.com",
  [outsider]: "outsider@example.com",
};

function bearer(sub: string, aal: "aal1" | "aal2" = "aal2") {
  return new SignJWT({ sub, role: "authenticated", aal, email: emails[sub] })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(server.jwtSecret));
}

async function request(path: string, token: string | undefined, method = "GET", body?: unknown) {
  const response = await server.app.request(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      apikey: server.keys.anon,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      prefer: "return=representation",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const links = {
  instagram: "https://www.instagram.com/kalima",
  x: "https://x.com/kalima",
  youtube: "",
  tiktok: "",
  facebook: "",
};
const programs = [
  { id: "between-the-covers", day: 0, start: "21:00", youtube: "https://youtu.be/abc" },
];

const save = async (who: string, section: string, body: unknown, base_revision: number) =>
  request("/rest/v1/rpc/save_site_draft", await bearer(who), "POST", {
    section,
    body,
    base_revision,
  });

it("starts with today's content published, which every visitor reads", () => {
  expect(firstPublished.status).toBe(200);
  const [first] = firstPublished.body as { version: number; content: unknown }[];
  expect(first?.version).toBe(1);
  expect(siteContentProblems(first?.content)).toEqual([]);
});

describe("drafts", () => {
  it("are saved by a member from the revision they started at, each save the next revision", async () => {
    const first = await save(member, "links", links, 0);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      section: "links",
      body: links,
      revision: 1,
      updated_by: member,
      updated_by_email: "member@example.com",
    });
    const second = await save(member, "links", { ...links, youtube: "https://youtube.com/@k" }, 1);
    expect(second.body).toMatchObject({ revision: 2 });
  });

  it("refuse a colleague's save from an older revision, naming who changed it and when", async () => {
    await save(member, "programs", programs, 0);
    await save(member, "programs", [{ ...programs[0], day: 1 }], 1);
    const late = await save(colleague, "programs", [{ ...programs[0], day: 2 }], 1);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("PT409");
    expect(late.body.message).toMatch(
      /^member@example\.com changed this at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/u,
    );
    expect(JSON.parse(late.body.details)).toMatchObject({
      section: "programs",
      revision: 2,
      updated_by_email: "member@example.com",
      body: [{ ...programs[0], day: 1 }],
    });
    const { rows } = await server.db.query<{ body: unknown }>(
      "select body from public.site_content_drafts where section = 'programs'",
    );
    expect(rows).toEqual([{ body: [{ ...programs[0], day: 1 }] }]);
  });

  it.each([
    ["links", { ...links, x: "javascript:alert(1)" }, /script or data address/u],
    [
      "links",
      { ...links, x: "https://evil.example/x.com" },
      /The x link is https on its own site/u,
    ],
    ["links", { ...links, instagram: "http://instagram.com/kalima" }, /instagram link is https/u],
    ["links", { ...links, myspace: "https://myspace.com/k" }, /Not a social network/u],
    ["programs", [{ ...programs[0], youtube: "https://vimeo.com/1" }], /YouTube link is https/u],
    ["pages", { home: { title: { ar: " data:text/html,<b>" } } }, /script or data address/u],
    ["pages", "just text", /JSON object or array/u],
    ["pages", { text: "x".repeat(60_001) }, /at most 60000 bytes/u],
  ])("refuse what no page may show: %s %#", async (section, body, message) => {
    const refused = await save(member, section, body, 0);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("22023");
    expect(refused.body.message).toMatch(message);
    const { rows } = await server.db.query("select 1 from public.site_content_drafts");
    expect(rows).toEqual([]);
  });
});

describe("publishing", () => {
  it("publishes every draft as one version, and everyone reads the newest without who published it", async () => {
    await save(member, "links", links, 0);
    await save(member, "programs", programs, 0);
    const published = await request(
      "/rest/v1/rpc/publish_site_content",
      await bearer(member),
      "POST",
      {},
    );
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      content: { links, programs },
      changed: ["links", "programs"],
      published_by: member,
      published_by_email: "member@example.com",
      restored_from: null,
    });

    for (const token of [undefined, await bearer(outsider)]) {
      const read = await request("/rest/v1/published_site_content?select=*", token);
      expect(read.status).toBe(200);
      expect(read.body).toEqual([
        {
          version: published.body.id,
          content: { links, programs },
          published_at: published.body.published_at,
        },
      ]);
    }

    const again = await request(
      "/rest/v1/rpc/publish_site_content",
      await bearer(member),
      "POST",
      {},
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Nothing has changed since the last publication");

    await save(colleague, "links", { ...links, tiktok: "https://www.tiktok.com/@kalima" }, 1);
    const next = await request(
      "/rest/v1/rpc/publish_site_content",
      await bearer(colleague),
      "POST",
      {},
    );
    expect(next.body).toMatchObject({ changed: ["links"], published_by: colleague });
  });

  it("restores an earlier version by publishing it again, and makes it the drafts", async () => {
    await save(member, "links", links, 0);
    const first = await request(
      "/rest/v1/rpc/publish_site_content",
      await bearer(member),
      "POST",
      {},
    );
    await save(member, "links", { ...links, x: "" }, 1);
    await request("/rest/v1/rpc/publish_site_content", await bearer(member), "POST", {});

    const restored = await request(
      "/rest/v1/rpc/restore_site_content",
      await bearer(colleague),
      "POST",
      { version_id: first.body.id },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      content: { links },
      changed: ["links"],
      restored_from: first.body.id,
      published_by: colleague,
    });
    const drafts = await request(
      "/rest/v1/site_content_drafts?select=body,revision",
      await bearer(member),
    );
    expect(drafts.body).toEqual([{ body: links, revision: 3 }]);
    const public_ = await request("/rest/v1/published_site_content?select=content", undefined);
    expect(public_.body).toEqual([{ content: { links } }]);

    const same = await request("/rest/v1/rpc/restore_site_content", await bearer(member), "POST", {
      version_id: restored.body.id,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/is what the site shows already/u);
  });
});

describe("who may do what", () => {
  it("lets nobody but a member at aal2 read a draft or a version, or write anything", async () => {
    await save(member, "links", links, 0);
    await request("/rest/v1/rpc/publish_site_content", await bearer(member), "POST", {});
    const callers: [string, string | undefined][] = [
      ["anon", undefined],
      ["a stranger at aal2", await bearer(outsider)],
      ["a member at aal1", await bearer(member, "aal1")],
    ];
    for (const [who, token] of callers) {
      for (const table of ["site_content_drafts", "site_content_versions"]) {
        const read = await request(`/rest/v1/${table}?select=*`, token);
        // Anon has no grant (401); a signed-in account sees no row (200, none).
        expect([who, read.status, token ? read.body : "no grant"]).toEqual([
          who,
          token ? 200 : 401,
          token ? [] : "no grant",
        ]);
      }
      const wrote = [
        await request("/rest/v1/rpc/save_site_draft", token, "POST", {
          section: "links",
          body: { ...links, x: "" },
          base_revision: 1,
        }),
        await request("/rest/v1/rpc/publish_site_content", token, "POST", {}),
        await request("/rest/v1/rpc/restore_site_content", token, "POST", { version_id: 1 }),
        await request("/rest/v1/site_content_drafts", token, "POST", {
          section: "pages",
          body: {},
        }),
        await request("/rest/v1/site_content_versions", token, "POST", { content: {} }),
      ];
      for (const answer of wrote) {
        expect([who, answer.status]).toEqual([who, token ? 403 : 401]);
      }
      // A change to rows the caller cannot see changes none, as PostgREST answers it.
      const patched = await request(
        "/rest/v1/site_content_drafts?section=eq.links",
        token,
        "PATCH",
        {
          body: {},
        },
      );
      expect([who, patched.status, token ? patched.body : "no grant"]).toEqual([
        who,
        token ? 200 : 401,
        token ? [] : "no grant",
      ]);
    }
    const { rows } = await server.db.query<{ drafts: number; versions: number }>(
      `select (select count(*)::int from public.site_content_drafts) as drafts,
              (select count(*)::int from public.site_content_versions) as versions`,
    );
    expect(rows).toEqual([{ drafts: 1, versions: 1 }]);
    const { rows: kept } = await server.db.query("select body from public.site_content_drafts");
    expect(kept).toEqual([{ body: links }]);
  });
});
