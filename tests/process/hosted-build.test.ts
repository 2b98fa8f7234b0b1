import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteContent } from "../../src/shared/site-content.ts";
import { clientAt, processKeys } from "../support/api.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import { spawnServer, type RunningServer } from "../support/spawn-server.ts";

// A static site for a hosted Supabase project has no server of ours to render its pages again:
// a publish builds it anew, and the build prerenders what the project publishes. Our server
// stands in for the project here, and the site is built into a folder of its own, leaving
// build/ to the other suites.

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run build -- --out <out>` for the project at `url`; its exit code and output. */
function buildFor(url: string, anonKey: string, out: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["scripts/build.mjs", "--out", out], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      SITE_URL: "https://kalima.example",
      VITE_SUPABASE_URL: url,
      VITE_SUPABASE_ANON_KEY: anonKey,
      ...extra,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const started = performance.now();
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output, ms: performance.now() - started })),
  );
}

/** Saves one section as the drafts hold it after `change`, and publishes; answers the version. */
async function publish<Section extends keyof SiteContent>(
  client: SupabaseClient,
  section: Section,
  change: (body: SiteContent[Section]) => void,
): Promise<number> {
  const { data: drafts, error } = await client
    .from("site_content_drafts")
    .select("body, revision")
    .eq("section", section);
  if (error) throw error;
  const [draft] = drafts as { body: SiteContent[Section]; revision: number }[];
  if (!draft) throw new Error(`no ${section} draft`);
  change(draft.body);
  const saved = await client.rpc("save_site_draft", {
    section,
    body: draft.body,
    base_revision: draft.revision,
  });
  if (saved.error) throw saved.error;
  const published = await client.rpc("publish_site_content");
  if (published.error) throw published.error;
  return (published.data as { id: number }).id;
}

describe("a static build for a hosted project", () => {
  let place: ProcessEnvironment;
  let server: RunningServer;
  let anon: string;
  let service: SupabaseClient;
  let outDirs: string[] = [];

  /** A folder of the project's own build/ for one build, removed after the suite. */
  const outDir = async () => {
    await mkdir(path.join(root, "build"), { recursive: true });
    const out = await mkdtemp(path.join(root, "build", "hosted-"));
    outDirs.push(out);
    return out;
  };

  beforeAll(async () => {
    place = await processEnvironment("hosted_build");
    server = await spawnServer(place.env, place.dataDir);
    const keys = await processKeys();
    anon = keys.anon;
    service = clientAt(server.url, keys.service_role);
  });
  afterAll(async () => {
    await server.stop();
    await place.remove();
    for (const out of outDirs) await rm(out, { recursive: true, force: true });
    outDirs = [];
  });

  it("prerenders every page with the project's newest published content", async () => {
    const version = await publish(service, "programs", (programs) => {
      const first = programs[0];
      if (!first) throw new Error("no first program");
      first.title = { ar: "قراءة عند الفجر", en: "Reading at Dawn" };
      first.youtube = "https://www.youtube.com/playlist?list=PLdawn";
    });
    const out = await outDir();
    // The links are the project's too: an account named at build is not shown.
    const built = await buildFor(server.url, anon, out, {
      VITE_LINK_FACEBOOK: "https://www.facebook.com/named.at.build",
    });
    expect(built.output).toMatch(
      new RegExp(`Prerendering version ${version} of the content published at ${server.url}`, "u"),
    );
    expect(built.code, built.output).toBe(0);
    process.stdout.write(
      `hosted build: ${Math.round(built.ms)} ms in all; ${/\(read in \d+ ms\)/u.exec(built.output)?.[0] ?? ""}\n`,
    );

    const page = (route: string) => readFile(path.join(out, "client", route, "index.html"), "utf8");
    const englishPrograms = await page("en/programs");
    expect(englishPrograms).toContain("Reading at Dawn");
    expect(englishPrograms).not.toContain("Between the Covers");
    expect(englishPrograms).toContain("https://www.youtube.com/playlist?list=PLdawn");
    // The app wakes with the same words: they are in the page's loader data too.
    expect(englishPrograms).toContain("Reading at Dawn\\");
    expect(await page("programs")).toContain("قراءة عند الفجر");
    expect(await page("")).toContain("قراءة عند الفجر");
    expect(built.output).toContain(
      "VITE_LINK_FACEBOOK: not read for a hosted project, whose published links the pages show",
    );
    expect(await page("en")).not.toContain("named.at.build");
    // The content reaches the prerender alone: no script a visitor loads carries it.
    const assets = path.join(out, "client", "assets");
    for (const file of await readdir(assets)) {
      if (!file.endsWith(".js")) continue;
      expect(await readFile(path.join(assets, file), "utf8"), file).not.toContain(
        "Reading at Dawn",
      );
    }
  });

  it("stops, saying why, when the project refuses the key", async () => {
    const out = await outDir();
    const built = await buildFor(server.url, "not-a-key", out);
    expect(built.code).not.toBe(0);
    expect(built.output).toContain(
      `The site is built for the Supabase project at ${server.url} (VITE_SUPABASE_URL), but its published content cannot be used:`,
    );
    expect(built.output).toMatch(
      /answered 401: .*is VITE_SUPABASE_ANON_KEY the project's anon key/u,
    );
    // It stops before building anything: its output folder is as it was made, empty.
    expect(await readdir(out)).toEqual([]);
  });

  it("stops, saying why, when the project cannot be reached", async () => {
    const nobody = createServer();
    await new Promise<void>((resolve) => nobody.listen(0, "127.0.0.1", resolve));
    const { port } = nobody.address() as AddressInfo;
    await new Promise((resolve) => nobody.close(resolve));
    const built = await buildFor(`http://127.0.0.1:${port}`, anon, await outDir());
    expect(built.code).not.toBe(0);
    expect(built.output).toMatch(/could not be reached: fetch failed \(.*ECONNREFUSED/u);
  });

  it("stops, saying where, when the published content cannot be shown", async () => {
    // The database takes a title no card can hold: only the shared schema knows that.
    const version = await publish(service, "programs", (programs) => {
      const first = programs[0];
      if (!first) throw new Error("no first program");
      first.title.en = "A title far too long for any program card to hold";
    });
    // Our server marks such a version as soon as it tries to render it, and the published view
    // then skips it (one live version). A hosted project has no such server: the mark is taken
    // off again, so the build meets the version as a hosted project's build would.
    const marked = async () => {
      const { data, error } = await service
        .from("site_content_versions")
        .select("render_problem")
        .eq("id", version)
        .single()
        .overrideTypes<{ render_problem: unknown }, { merge: false }>();
      if (error) throw error;
      return data.render_problem;
    };
    await expect.poll(marked, { timeout: 15_000 }).not.toBeNull();
    const unmarked = await service
      .from("site_content_versions")
      .update({ render_problem: null })
      .eq("id", version);
    expect(unmarked.error).toBeNull();
    const built = await buildFor(server.url, anon, await outDir());
    expect(built.code).not.toBe(0);
    expect(built.output).toContain(
      `Version ${version} cannot be shown on the pages:\n  programs[0].title.en: is longer than 40 characters`,
    );
  });
});
