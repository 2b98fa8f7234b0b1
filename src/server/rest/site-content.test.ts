import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, type MintedMember } from "../../../tests/support/member.ts";
import { restRequest } from "../../../tests/support/rest.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { siteContentProblems, siteContentSchemas } from "../../shared/site-content.ts";

// The site's content as the team edits it: drafts with revisions, versions, publishing and
// restoring, under row-level security, through the API as any client reaches it.
let server: TestServer;
/** What a fresh database publishes, read as a visitor reads it before any test changes it. */
let firstPublished: { status: number; body: unknown };
let member: MintedMember;
let colleague: MintedMember;
let outsider: MintedMember;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server, { email: "member@example.com" });
  colleague = await createMember(server, { email: "colleague@example.com" });
  outsider = await createMember(server, { team: false, email: "outsider@example.com" });
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

async function request(path: string, token: string | undefined, method = "GET", body?: unknown) {
  const { status, body: answer } = await restRequest(server, path, {
    method,
    body,
    bearer: token,
    headers: { prefer: "return=representation" },
  });
  return { status, body: answer };
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

const save = async (who: MintedMember, section: string, body: unknown, base_revision: number) =>
  request("/rest/v1/rpc/save_site_draft", await who.bearer(), "POST", {
    section,
    body,
    base_revision,
  });

/** What a member's publish dialog shows: every draft at its revision, and the live version. */
async function review(who: MintedMember) {
  const drafts = await request(
    "/rest/v1/site_content_drafts?select=section,revision",
    await who.bearer(),
  );
  const live = await request("/rest/v1/published_site_content?select=version", undefined);
  return {
    reviewed: Object.fromEntries(
      (drafts.body as { section: string; revision: number }[]).map((draft) => [
        draft.section,
        draft.revision,
      ]),
    ),
    base_version: (live.body as { version: number }[])[0]?.version ?? null,
  };
}

/** Publishes what `who` reviewed just now. */
const publish = async (who: MintedMember, seen?: Awaited<ReturnType<typeof review>>) =>
  request(
    "/rest/v1/rpc/publish_site_content",
    await who.bearer(),
    "POST",
    seen ?? (await review(who)),
  );

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
      updated_by: member.id,
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
    ["links", { ...links, x: "javascript:alert(1)" }, /The x link is https on its own site/u],
    ["links", { ...links, x: "https://x.com:8443/kalima" }, /The x link is https/u],
    ["links", { ...links, x: "https://user@x.com/kalima" }, /The x link is https/u],
    ["links", { ...links, x: "https://x.com/kalima " }, /The x link is https/u],
    [
      "links",
      { ...links, x: "https://evil.example/x.com" },
      /The x link is https on its own site/u,
    ],
    ["links", { ...links, instagram: "http://instagram.com/kalima" }, /instagram link is https/u],
    ["links", { ...links, myspace: "https://myspace.com/k" }, /Not a social network/u],
    ["programs", [{ ...programs[0], youtube: "https://vimeo.com/1" }], /YouTube link is https/u],
    ["programs", [{ ...programs[0], youtube: "javascript:alert(1)" }], /YouTube link/u],
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

describe("the editor and the database agree", () => {
  const values = [
    "",
    "https://x.com/kalima",
    "https://x.com/kalima ",
    " https://x.com/kalima",
    "https://www.youtube.com",
    "https://music.youtube.com/playlist?list=PL1",
    "https://youtube.com?list=PL1",
    "https://youtu.be/abc",
    "HTTPS://WWW.X.COM/K",
    "https://x.com:8443/kalima",
    "https://user@x.com/kalima",
    "https://evil.example/x.com",
    "https://x.com.evil.example/k",
    "https://x.com\\kalima",
    "http://x.com/kalima",
    "javascript:alert(1)",
    "data:text/html,<b>",
    "https://x.com/\u202ekalima",
    "https://x.com/kalima\u2066",
    "https://youtu.be/\u200fabc",
  ];
  const none = { instagram: "", x: "", youtube: "", tiktok: "", facebook: "" };

  it.each(values)("on the link %j, wherever it stands", async (value) => {
    const { content } = (firstPublished.body as { content: { programs: unknown[] } }[])[0]!;
    const program = { ...(content.programs[0] as object), youtube: value };
    const network = value.toLowerCase().includes("youtu") ? "youtube" : "x";
    const cases: [string, unknown][] = [
      ["links", { ...none, [network]: value }],
      ["programs", [program]],
    ];
    for (const [section, body] of cases) {
      const editor = siteContentSchemas[section as "links"].safeParse(body).success;
      const database = (await save(member, section, body, 0)).status === 200;
      await server.db.query("delete from public.site_content_drafts");
      expect([section, value, database]).toEqual([section, value, editor]);
    }
  });

  const alt = { ar: "وجه المتحدثة مبتسمة", en: "The speaker, smiling" };
  const images: [string, unknown][] = [
    ["a photo", { path: "stories/4f1c2b.webp", alt }],
    ["a JPEG from a phone", { path: "programs/IMG_0042.JPG", alt }],
    ["a photo at the bucket's top", { path: "portrait.avif", alt }],
    ["a PNG in nested folders", { path: "pages/home/cover.png", alt }],
    ["a path of 200 characters", { path: `${"a".repeat(195)}.jpeg`, alt }],
    ["a path of 201 characters", { path: `${"a".repeat(196)}.jpeg`, alt }],
    ["a leading slash", { path: "/stories/a.webp", alt }],
    ["a parent folder", { path: "stories/../secrets/a.webp", alt }],
    ["a parent folder first", { path: "../a.webp", alt }],
    ["a hidden name", { path: "stories/.a.webp", alt }],
    ["an empty folder", { path: "stories//a.webp", alt }],
    ["a backslash", { path: "stories\\a.webp", alt }],
    ["a space", { path: "stories/a b.webp", alt }],
    ["an Arabic name", { path: "stories/صورة.webp", alt }],
    ["a Kelvin sign", { path: "stories/\u212a.webp", alt }],
    ["an address", { path: "https://evil.example/a.webp", alt }],
    ["an SVG", { path: "stories/a.svg", alt }],
    ["no extension", { path: "stories/a", alt }],
    ["a path that is not text", { path: 7, alt }],
    ["no path", { alt }],
    ["no Arabic alt", { path: "stories/a.webp", alt: { ar: "", en: alt.en } }],
    ["no English alt", { path: "stories/a.webp", alt: { ar: alt.ar, en: " \u200f" } }],
    ["no alt", { path: "stories/a.webp" }],
    ["an alt that is not text", { path: "stories/a.webp", alt: { ar: 1, en: alt.en } }],
    ["null", null],
    ["a path alone", "stories/a.webp"],
  ];

  it.each(images)("on %s, wherever a photo stands", async (_, image) => {
    const { content } = (firstPublished.body as { content: Record<string, unknown> }[])[0]!;
    const {
      programs: published,
      stories,
      pages,
    } = content as {
      programs: object[];
      stories: object[];
      pages: { meta: Record<string, object> };
    };
    const cases: [string, unknown][] = [
      ["programs", [{ ...published[0], image }]],
      ["stories", [stories[0], { ...stories[1], image }]],
      [
        "pages",
        { ...pages, meta: { ...pages.meta, community: { ...pages.meta.community, image } } },
      ],
    ];
    for (const [section, body] of cases) {
      const checked = siteContentSchemas[section as "pages"].safeParse(body);
      // A draft may wait for the photo's description; what goes live may not.
      const draft =
        checked.success || checked.error.issues.every((issue) => issue.path.includes("alt"));
      const saved = await save(member, section, body, 0);
      expect([section, saved.status === 200]).toEqual([section, draft]);
      // A refusal names the photo's field, for the editor to mark.
      expect(draft || String(saved.body.details).includes('"image"')).toBe(true);
      const published = draft ? await publish(member) : undefined;
      expect([section, published?.status === 200]).toEqual([section, checked.success]);
      // Publishing refuses the photo awaiting its description, naming its field.
      expect(checked.success || !draft || String(published?.body.details).includes('"alt"')).toBe(
        true,
      );
      await server.db.query("delete from public.site_content_drafts");
      await server.db.query("delete from public.site_content_versions");
    }
  });

  it("lets any text start with words such as Data: or File:", async () => {
    const { content } = (firstPublished.body as { content: { pages: unknown } }[])[0]!;
    const pages = structuredClone(content.pages) as {
      home: { hero: { lead: { ar: string; en: string } } };
    };
    pages.home.hero.lead.en = "Data: what we learned this year. File: the talks.";
    expect(siteContentSchemas.pages.safeParse(pages).success).toBe(true);
    expect((await save(member, "pages", pages, 0)).status).toBe(200);
  });
});

describe("publishing", () => {
  it("publishes the drafts the member reviewed as one version, and everyone reads the newest without who published it", async () => {
    await save(member, "links", links, 0);
    await save(member, "programs", programs, 0);
    const published = await publish(member);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      content: { links, programs },
      changed: ["links", "programs"],
      published_by: member.id,
      published_by_email: "member@example.com",
      restored_from: null,
      schema_version: 1,
    });

    for (const token of [undefined, await outsider.bearer()]) {
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

    const again = await publish(member);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("Nothing has changed since the last publication");

    await save(colleague, "links", { ...links, tiktok: "https://www.tiktok.com/@kalima" }, 1);
    const next = await publish(colleague);
    expect(next.body).toMatchObject({ changed: ["links"], published_by: colleague.id });
  });

  it("refuses a publish that names no reviewed drafts, unless the service role imports", async () => {
    await save(member, "links", links, 0);
    const blind = await request(
      "/rest/v1/rpc/publish_site_content",
      await member.bearer(),
      "POST",
      {},
    );
    expect(blind.status).toBe(400);
    expect(blind.body.message).toMatch(/Name the drafts you reviewed/u);
    const imported = await server.app.request("/rest/v1/rpc/publish_site_content", {
      method: "POST",
      body: "{}",
      headers: {
        apikey: server.keys.service_role,
        authorization: `Bearer ${server.keys.service_role}`,
        "content-type": "application/json",
      },
    });
    expect(imported.status).toBe(200);
  });

  it("never publishes a colleague's draft the member did not see, and names it and them", async () => {
    await save(member, "links", links, 0);
    const seen = await review(member);
    // Omar saves half a text while Layla reads her dialog.
    await save(colleague, "programs", programs, 0);
    const refused = await publish(member, seen);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "PT409",
      message: "The drafts changed since you reviewed them",
    });
    expect(JSON.parse(refused.body.details)).toMatchObject({
      drafts: [
        {
          section: "programs",
          revision: 1,
          seen_revision: 0,
          updated_by_email: "colleague@example.com",
        },
      ],
      version: null,
    });

    // A draft saved again since the review is refused the same way.
    const seenAgain = await review(member);
    await save(colleague, "programs", [{ ...programs[0], day: 3 }], 1);
    const stale = await publish(member, seenAgain);
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.body.details).drafts).toMatchObject([
      { section: "programs", revision: 2, seen_revision: 1 },
    ]);
    const { rows } = await server.db.query("select 1 from public.site_content_versions");
    expect(rows).toEqual([]);

    // What was reviewed anew goes live, credited to who pressed publish.
    expect((await publish(member)).body).toMatchObject({
      changed: ["links", "programs"],
      published_by_email: "member@example.com",
    });
  });

  it("refuses a publish from a live version another member has replaced since", async () => {
    await save(member, "links", links, 0);
    const seen = await review(member);
    const theirs = await publish(colleague, seen);
    expect(theirs.status).toBe(200);
    const late = await publish(member, seen);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Version ${theirs.body.id} was published since you reviewed the drafts`,
    );
  });

  it("lets one of two publishes of the same review through, never both", async () => {
    await save(member, "links", links, 0);
    const seen = await review(member);
    const answers = await Promise.all([publish(member, seen), publish(colleague, seen)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { rows } = await server.db.query("select id from public.site_content_versions");
    expect(rows).toHaveLength(1);
  });

  it("restores an earlier version by publishing it again, makes it the drafts, and tells whose drafts it replaced", async () => {
    await save(member, "links", links, 0);
    const first = await publish(member);
    await save(member, "links", { ...links, x: "" }, 1);
    await publish(member);
    // Unpublished work of the member's, which the restore will replace.
    await save(member, "links", { ...links, x: "", tiktok: "https://tiktok.com/@k" }, 2);

    const blind = await request(
      "/rest/v1/rpc/restore_site_content",
      await colleague.bearer(),
      "POST",
      { version_id: first.body.id },
    );
    expect(blind.status).toBe(400);
    expect(blind.body.message).toMatch(/Name the drafts the restore replaces/u);
    const { reviewed: replacing } = await review(colleague);
    const restored = await request(
      "/rest/v1/rpc/restore_site_content",
      await colleague.bearer(),
      "POST",
      { version_id: first.body.id, replacing },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      content: { links },
      changed: ["links"],
      restored_from: first.body.id,
      published_by: colleague.id,
    });
    const drafts = await request(
      "/rest/v1/site_content_drafts?select=body,revision,restored_from,updated_by_email",
      await member.bearer(),
    );
    expect(drafts.body).toEqual([
      {
        body: links,
        revision: 4,
        restored_from: first.body.id,
        updated_by_email: "colleague@example.com",
      },
    ]);
    const public_ = await request("/rest/v1/published_site_content?select=content", undefined);
    expect(public_.body).toEqual([{ content: { links } }]);

    // The member's next save, from the revision their screen had, is told of the restore.
    const told = await save(member, "links", { ...links, x: "https://x.com/mine" }, 3);
    expect(told.status).toBe(409);
    expect(told.body.message).toMatch(
      new RegExp(`^colleague@example\\.com restored version ${first.body.id} at \\d{4}-`, "u"),
    );
    expect(JSON.parse(told.body.details)).toMatchObject({
      restored_from: first.body.id,
      revision: 4,
      body: links,
    });
    // Saved over from the restore's revision, the draft is theirs again.
    const mended = await save(member, "links", { ...links, x: "https://x.com/mine" }, 4);
    expect(mended.body).toMatchObject({ revision: 5, restored_from: null });

    const same = await request("/rest/v1/rpc/restore_site_content", await member.bearer(), "POST", {
      version_id: restored.body.id,
      replacing: (await review(member)).reviewed,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/is what the site shows already/u);
  });

  it("refuses a restore when the drafts changed since the member was shown whose it replaces", async () => {
    await save(member, "links", links, 0);
    const first = await publish(member);
    await save(member, "links", { ...links, x: "" }, 1);
    const { reviewed: replacing } = await review(colleague);
    await save(member, "links", { ...links, x: "https://x.com/later" }, 2);
    const refused = await request(
      "/rest/v1/rpc/restore_site_content",
      await colleague.bearer(),
      "POST",
      { version_id: first.body.id, replacing },
    );
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body.details).drafts).toMatchObject([
      { section: "links", revision: 3, seen_revision: 2, updated_by_email: "member@example.com" },
    ]);
  });

  it.each([
    [{ reviewed: [], base_version: null }, 400, "22023"],
    [{ reviewed: "links", base_version: null }, 400, "22023"],
    [{ reviewed: null, base_version: null }, 400, "22023"],
    [{ reviewed: { links: "1" }, base_version: null }, 409, "PT409"],
    [{ reviewed: { links: 2 ** 40 }, base_version: null }, 409, "PT409"],
    [{ reviewed: { links: 1, menu: 1 }, base_version: null }, 409, "PT409"],
    [{ reviewed: { links: 1 }, base_version: "latest" }, 400, "22P02"],
    [{ reviewed: { links: 1 }, base_version: null, extra: true }, 404, "PGRST202"],
  ])(
    "refuses a malformed or stale publish clearly, publishing nothing: %j",
    async (body, status, code) => {
      await save(member, "links", links, 0);
      const answer = await request(
        "/rest/v1/rpc/publish_site_content",
        await member.bearer(),
        "POST",
        body,
      );
      expect([answer.status, answer.body.code]).toEqual([status, code]);
      const { rows } = await server.db.query("select 1 from public.site_content_versions");
      expect(rows).toEqual([]);
    },
  );

  it("names the field the database refuses, for the editor to mark", async () => {
    const refused = await save(
      member,
      "programs",
      [programs[0], { ...programs[0], id: "second", youtube: "https://vimeo.com/1" }],
      0,
    );
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.details)).toEqual({
      section: "programs",
      path: ["1", "youtube"],
    });
  });

  it("saves a photo awaiting its description with the rest of its section, and refuses to publish it", async () => {
    const { content } = (firstPublished.body as { content: { stories: object[] } }[])[0]!;
    const image = { path: "stories/4f1c2b.webp", alt: { ar: "", en: "" } };
    const stories = [
      { ...content.stories[0], image },
      { ...content.stories[1], author: { ar: "سارة", en: "Sara" } },
    ];
    const saved = await save(member, "stories", stories, 0);
    expect(saved.status).toBe(200);
    // A colleague reads the other field's edit from the server's draft.
    const read = await request(
      "/rest/v1/site_content_drafts?select=body&section=eq.stories",
      await colleague.bearer(),
    );
    expect(read.body).toEqual([{ body: stories }]);
    const refused = await publish(member);
    expect([refused.status, refused.body.code]).toEqual([400, "22023"]);
    expect(JSON.parse(refused.body.details)).toEqual({
      section: "stories",
      path: ["0", "image", "alt", "ar"],
    });
    const { rows } = await server.db.query("select 1 from public.site_content_versions");
    expect(rows).toEqual([]);
  });
});

describe("one live version", () => {
  it("is the newest whose content renders: the view, what changed and a publish's base read it alike", async () => {
    await save(member, "links", links, 0);
    const first = await publish(member);
    await save(member, "links", { ...links, x: "" }, 1);
    const broken = await publish(member);
    // The server found that this version's content breaks a page.
    await server.db.query(
      `update public.site_content_versions
          set render_problem = '{"code": "page_failed", "page": "/en"}' where id = $1`,
      [broken.body.id],
    );
    const live = await request("/rest/v1/published_site_content?select=version,content", undefined);
    expect(live.body).toEqual([{ version: first.body.id, content: { links } }]);

    // The editor reviews against what is live, and its publish goes through.
    const seen = await review(member);
    expect(seen.base_version).toBe(first.body.id);
    await save(member, "links", { ...links, x: "https://x.com/mended" }, 2);
    const mended = await publish(member);
    expect(mended.status).toBe(200);
    expect(mended.body.changed).toEqual(["links"]);
    const now = await request("/rest/v1/published_site_content?select=version", undefined);
    expect(now.body).toEqual([{ version: mended.body.id }]);
  });
});

describe("who may do what", () => {
  it("lets nobody but a member at aal2 read a draft or a version, or write anything", async () => {
    await save(member, "links", links, 0);
    await publish(member);
    const callers: [string, string | undefined][] = [
      ["anon", undefined],
      ["a stranger at aal2", await outsider.bearer()],
      ["a member at aal1", await member.bearer({ aal: "aal1" })],
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
        await request("/rest/v1/rpc/publish_site_content", token, "POST", {
          reviewed: { links: 1 },
          base_version: 1,
        }),
        await request("/rest/v1/rpc/restore_site_content", token, "POST", {
          version_id: 1,
          replacing: { links: 1 },
        }),
        await request("/rest/v1/site_content_drafts", token, "POST", {
          section: "pages",
          body: {},
        }),
        await request("/rest/v1/site_content_versions", token, "POST", { content: {} }),
        await request("/rest/v1/site_content_drafts?section=eq.links", token, "PATCH", {
          body: {},
        }),
      ];
      for (const answer of wrote) {
        expect([who, answer.status]).toEqual([who, token ? 403 : 401]);
      }
    }
    const { rows } = await server.db.query<{ drafts: number; versions: number }>(
      `select (select count(*)::int from public.site_content_drafts) as drafts,
              (select count(*)::int from public.site_content_versions) as versions`,
    );
    expect(rows).toEqual([{ drafts: 1, versions: 1 }]);
    const { rows: kept } = await server.db.query("select body from public.site_content_drafts");
    expect(kept).toEqual([{ body: links }]);
  });

  it("lets a member at aal2 write a version or a draft only through the site's functions", async () => {
    await save(member, "links", links, 0);
    const first = await publish(member);
    const token = await member.bearer();
    const forged = {
      content: { links: { ...links, x: "javascript:alert(1)" } },
      changed: [],
      published_by: colleague.id,
      published_by_email: "colleague@example.com",
      restored_from: first.body.id,
      rendered_at: "2026-01-01T00:00:00Z",
      hook_called_at: "2026-01-01T00:00:00Z",
    };
    const attempts = {
      "insert a version": await request("/rest/v1/site_content_versions", token, "POST", forged),
      "mark a version rendered": await request(
        `/rest/v1/site_content_versions?id=eq.${first.body.id}`,
        token,
        "PATCH",
        { rendered_at: null, render_problem: "x", hook_called_at: null },
      ),
      "delete a version": await request(
        `/rest/v1/site_content_versions?id=eq.${first.body.id}`,
        token,
        "DELETE",
      ),
      "insert a draft": await request("/rest/v1/site_content_drafts", token, "POST", {
        section: "pages",
        body: {},
      }),
      "change a draft past its revision": await request(
        "/rest/v1/site_content_drafts?section=eq.links",
        token,
        "PATCH",
        { body: { ...links, x: "" }, revision: 1 },
      ),
      "delete a draft": await request(
        "/rest/v1/site_content_drafts?section=eq.links",
        token,
        "DELETE",
      ),
    };
    expect(
      Object.fromEntries(
        Object.entries(attempts).map(([what, answer]) => [what, [answer.status, answer.body.code]]),
      ),
    ).toEqual(Object.fromEntries(Object.keys(attempts).map((what) => [what, [403, "42501"]])));

    // Nothing changed, and the refused writes took no version number.
    await save(member, "links", { ...links, x: "" }, 1);
    const next = await publish(member);
    expect(next.body).toMatchObject({ id: first.body.id + 1, published_by: member.id });
    const { rows } = await server.db.query(
      "select id::int, rendered_at from public.site_content_versions order by id",
    );
    expect(rows).toEqual([
      { id: first.body.id, rendered_at: null },
      { id: first.body.id + 1, rendered_at: null },
    ]);
  });

  it("holds the content's rules on versions too, whoever inserts them", async () => {
    await expect(
      server.db.query(
        `insert into public.site_content_versions (content, changed)
         values ('{"links": {"x": "javascript:alert(1)"}}', '{links}')`,
      ),
    ).rejects.toThrow(/The x link is https on its own site/u);
    await expect(
      server.db.query(
        `insert into public.site_content_versions (content, changed) values ('{"menu": {}}', '{}')`,
      ),
    ).rejects.toThrow(/Not a section of the site: menu/u);
    await expect(
      server.db.query(
        `insert into public.site_content_versions (content, changed)
         values ('{"stories": [{"image": {"path": "stories/a.webp", "alt": {"ar": "", "en": ""}}}]}', '{stories}')`,
      ),
    ).rejects.toThrow(/alt text is given in both languages/u);
  });
});
