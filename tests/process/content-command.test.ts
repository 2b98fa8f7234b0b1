import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import { runServerCommand, spawnServer, type RunningServer } from "../support/spawn-server.ts";

// npm run content as an operator runs it: a client of the running server.
const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";

describe(`npm run content on ${databaseKind}`, () => {
  let place: ProcessEnvironment;
  let files: string;
  let server: RunningServer;

  beforeAll(async () => {
    place = await processEnvironment("content");
    files = await mkdtemp(path.join(tmpdir(), "kalima-content-"));
    server = await spawnServer(place.env, place.dataDir);
  });
  afterAll(async () => {
    await server.stop();
    await place.remove();
    await rm(files, { recursive: true, force: true });
  });

  const content = (...args: string[]) =>
    runServerCommand(
      "content",
      args,
      { ...place.env, PORT: new URL(server.url).port },
      place.dataDir,
    );

  it("exports, imports an edit as drafts, publishes it, and round-trips exactly", async () => {
    const exported = await content("export");
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    const first = JSON.parse(exported.stdout) as {
      version: number;
      content: {
        programs: { day: number; title: { en: string }; image?: unknown }[];
        stories: { image?: unknown }[];
        pages: { meta: { community: { image?: unknown } } };
      };
    };
    expect(first.version).toBe(1);
    expect(first.content.programs[2]?.title.en).toBe("The Secret of the Word");

    const edited = structuredClone(first);
    const third = edited.content.programs[2];
    if (!third) throw new Error("no third program");
    third.day = 1;
    third.title.en = "Secrets of the Word";
    const alt = { ar: "المتحدثة على المنصة", en: "The speaker on stage" };
    third.image = { path: "programs/secret.webp", alt };
    edited.content.stories[0]!.image = { path: "stories/first.jpg", alt };
    edited.content.pages.meta.community.image = { path: "pages/community.png", alt };
    const file = path.join(files, "edited.json");
    await writeFile(file, JSON.stringify(edited));

    const drafted = await content("import", file);
    expect(drafted).toMatchObject({
      code: 0,
      stdout: "Saved as drafts: programs, stories, pages.\n",
    });
    expect(JSON.parse((await content("export")).stdout)).toMatchObject({ version: 1 });

    const published = await content("import", file, "--publish");
    expect(published.stdout).toBe(
      "The drafts already hold this content.\nPublished version 2 (pages, programs, stories).\n",
    );
    const second = JSON.parse((await content("export")).stdout) as typeof first;
    expect(second.version).toBe(2);
    expect(second.content).toEqual(edited.content);

    // What an export says, imported again, changes nothing.
    const again = path.join(files, "again.json");
    await writeFile(again, (await content("export")).stdout);
    expect((await content("import", again, "--publish")).stdout).toBe(
      "The drafts already hold this content.\nNothing to publish: the site already shows this content.\n",
    );
  });

  it("refuses an invalid file whole, saying where, and changes nothing", async () => {
    const before = (await content("export")).stdout;
    const broken = JSON.parse(before) as {
      content: {
        programs: { title: { ar: string } }[];
        links: Record<string, string>;
        stories: { image?: unknown }[];
      };
    };
    const first = broken.content.programs[0];
    if (!first) throw new Error("no program");
    first.title.ar = "ك".repeat(41);
    broken.content.links.x = "javascript:alert(1)";
    broken.content.stories[1]!.image = { path: "../site/a.webp", alt: { ar: "", en: "A face" } };
    const file = path.join(files, "broken.json");
    await writeFile(file, JSON.stringify(broken));
    const refused = await content("import", file, "--publish");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${file} was not imported; nothing changed:\n` +
        "  programs[0].title.ar: is longer than 40 characters\n" +
        "  links.x: is an https address such as https://www.x.com/kalima, or empty\n" +
        "  stories[1].image.path: names a JPEG, PNG, WebP or AVIF photo in site-media, such as stories/photo.webp\n" +
        "  stories[1].image.alt.ar: describes the photo, in both languages\n",
    );
    await writeFile(file, "{ not json");
    expect((await content("import", file)).stderr).toMatch(/ is not JSON: /u);
    expect((await content("import")).code).toBe(2);
    expect((await content("export")).stdout).toBe(before);
    expect(await readFile(file, "utf8")).toBe("{ not json");
  });
});
