import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import type { SiteContent } from "../../../shared/site-content.ts";
import type { LogFields, Logger } from "../../log.ts";
import { seedBuildLinks } from "./seed-build-links.ts";

// An install that named its accounts at build (VITE_LINK_*) keeps them once the team edits the
// site in the database: the server publishes them, once, into the first version.

let server: TestServer;
let first: SiteContent;

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.db.query<{ content: SiteContent }>(
    "select content from public.site_content_versions order by id limit 1",
  );
  if (!rows[0]) throw new Error("no first version");
  first = rows[0].content;
});
afterAll(() => server.close());
// A new install: the first version alone, and the drafts holding it.
beforeEach(async () => {
  await server.db.query(
    `delete from public.site_content_versions
      where id > (select min(id) from public.site_content_versions)`,
  );
  await server.db.query(
    `update public.site_content_drafts as draft
        set body = version.content -> draft.section
       from (select content from public.site_content_versions order by id limit 1) as version`,
  );
});

const settings = {
  VITE_LINK_INSTAGRAM: "https://www.instagram.com/kalima.words",
  VITE_LINK_X: "https://x.com/kalima",
  VITE_LINK_PROGRAM_2: "https://www.youtube.com/playlist?list=PLheart",
};

function recordingLog() {
  const lines: { level: string; message: string; fields: LogFields }[] = [];
  const log: Logger = {
    info: (message, fields = {}) => lines.push({ level: "info", message, fields }),
    warn: (message, fields = {}) => lines.push({ level: "warn", message, fields }),
    error: (message, fields = {}) => lines.push({ level: "error", message, fields }),
  };
  return { lines, log };
}

interface Version {
  id: number;
  content: SiteContent;
  changed: string[];
  published_by: string | null;
}

async function versions(): Promise<Version[]> {
  const { rows } = await server.db.query<Version & { id: number | string }>(
    "select id, content, changed, published_by from public.site_content_versions order by id",
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function draft<Section extends "links" | "programs">(
  section: Section,
): Promise<SiteContent[Section]> {
  const { rows } = await server.db.query<{ body: SiteContent[Section] }>(
    "select body from public.site_content_drafts where section = $1",
    [section],
  );
  if (!rows[0]) throw new Error(`no ${section} draft`);
  return rows[0].body;
}

describe("the links VITE_LINK_* named at build", () => {
  it("are published once as a new version of the first content, and made the drafts", async () => {
    const { lines, log } = recordingLog();
    const version = await seedBuildLinks(server.db, settings, log);

    const [original, seeded, ...more] = await versions();
    expect(more).toEqual([]);
    expect(seeded?.id).toBe(version);
    expect(original?.content).toEqual(first);
    expect(seeded?.changed).toEqual(["links", "programs"]);
    expect(seeded?.published_by).toBeNull();
    expect(seeded?.content).toEqual({
      ...first,
      links: {
        ...first.links,
        instagram: "https://www.instagram.com/kalima.words",
        x: "https://x.com/kalima",
      },
      programs: first.programs.map((program, index) =>
        index === 1
          ? { ...program, youtube: "https://www.youtube.com/playlist?list=PLheart" }
          : program,
      ),
    });
    // What visitors read, and what the team's next publish starts from.
    const { rows } = await server.db.query<{ version: number | string }>(
      "select version from public.published_site_content",
    );
    expect(Number(rows[0]?.version)).toBe(version);
    expect(await draft("links")).toEqual(seeded?.content.links);
    expect(await draft("programs")).toEqual(seeded?.content.programs);
    expect(lines).toEqual([
      {
        level: "info",
        message: "published the links VITE_LINK_* names, once: the team edits them from now on",
        fields: { version, links: "instagram, x, program 2" },
      },
    ]);
  });

  it("are not published again: a second start does nothing", async () => {
    const { log } = recordingLog();
    expect(await seedBuildLinks(server.db, settings, log)).toBeTypeOf("number");
    expect(await seedBuildLinks(server.db, settings, log)).toBeUndefined();
    expect(
      await seedBuildLinks(
        server.db,
        { VITE_LINK_FACEBOOK: "https://www.facebook.com/kalima" },
        log,
      ),
    ).toBeUndefined();
    expect(await versions()).toHaveLength(2);
  });

  it("are published once when several instances start together", async () => {
    const { log } = recordingLog();
    const seeded = await Promise.all([1, 2, 3].map(() => seedBuildLinks(server.db, settings, log)));
    expect(seeded.filter((version) => version !== undefined)).toHaveLength(1);
    expect(await versions()).toHaveLength(2);
  });

  it("leave a site the team has published alone", async () => {
    await server.db.query(
      `insert into public.site_content_versions (content, changed)
       select content, '{stories}' from public.site_content_versions order by id limit 1`,
    );
    const { lines, log } = recordingLog();
    expect(await seedBuildLinks(server.db, settings, log)).toBeUndefined();
    expect(await versions()).toHaveLength(2);
    expect(lines).toEqual([]);
  });

  it("do nothing when none is set", async () => {
    const { log } = recordingLog();
    expect(await seedBuildLinks(server.db, {}, log)).toBeUndefined();
    expect(await versions()).toHaveLength(1);
  });

  it("keep a link a member has typed in a draft", async () => {
    await server.db.query(
      `update public.site_content_drafts
          set body = jsonb_set(body, '{instagram}', '"https://www.instagram.com/typed.by.member"')
        where section = 'links'`,
    );
    const { log } = recordingLog();
    await seedBuildLinks(server.db, settings, log);
    expect((await draft("links")).instagram).toBe("https://www.instagram.com/typed.by.member");
    expect((await draft("links")).x).toBe("https://x.com/kalima");
  });

  it("are not published when one is not on its network's site, and the log says which", async () => {
    const { lines, log } = recordingLog();
    expect(
      await seedBuildLinks(
        server.db,
        { ...settings, VITE_LINK_INSTAGRAM: "https://instagram.example/kalima" },
        log,
      ),
    ).toBeUndefined();
    expect(await versions()).toHaveLength(1);
    expect(lines).toEqual([
      {
        level: "error",
        message: "the VITE_LINK_* links were not published: the team can name them in the inbox",
        fields: {
          problems:
            "links.instagram: is an https address such as https://www.instagram.com/kalima, or empty",
        },
      },
    ]);
  });
});
