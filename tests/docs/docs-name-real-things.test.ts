import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  anchorOf,
  listFiles,
  problemsOf,
  referencesIn,
  type Repository,
} from "./doc-references.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const files = listFiles(root);
const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const repository: Repository = {
  files,
  scripts: new Set(Object.keys(scripts)),
  readDoc: (docPath) =>
    files.includes(docPath) ? readFileSync(path.join(root, docPath), "utf8") : undefined,
};

// The README and the topics of docs/; not docs/decisions/, whose records each tell of their own
// time and may name what the code held then.
const docs = files.filter((file) => file === "README.md" || /^docs\/[^/]+\.md$/u.test(file));

describe("the docs", () => {
  it("are found", () => {
    expect(docs).toContain("README.md");
    expect(docs).toContain("docs/architecture.md");
  });

  it("name only files, folders and npm scripts that exist, and link only to what does", () => {
    const problems = docs.flatMap((doc) =>
      problemsOf(referencesIn(readFileSync(path.join(root, doc), "utf8"), doc), repository),
    );
    expect(problems).toEqual([]);
  });
});

describe("what the docs check reads", () => {
  const made: Repository = {
    files: [
      "README.md",
      "docs/api.md",
      "src/server/app.ts",
      "src/server/rest/errors.ts",
      "src/server/rest/select.test.ts",
      "src/shared/pages.js",
      "src/web/features/inbox/model/mail.ts",
      ".env.example",
      "package.json",
    ],
    scripts: new Set(["start", "test", "bench:auth", "team"]),
    readDoc: (docPath) =>
      docPath === "docs/api.md" ? "# The API\n\n## Rest: what is served\n" : undefined,
  };
  const check = (text: string) => problemsOf(referencesIn(text, "docs/topic.md"), made);

  it("names each path, script and link that points at nothing, with its line", () => {
    const text = [
      "The verbs live in `src/server/rest/` (`unsupported.ts` for PUT).",
      "The build runs `scripts/defer-app-script.mjs` on every page; see `rest/missing.ts`.",
      "Run `npm run bench:nothing`, then npm run teams, and read [the API](api.md#no-such-part).",
      "Tests: `src/server/rest/*.spec.ts`; also see [old notes](notes.md) and src/server/gone.ts.",
      "```sh",
      "node scripts/nowhere.mjs && npm run -s exports",
      "```",
      "A link whose text runs on: [decision",
      "12](decisions/0012-gone.md), and a span that does: `npx vitest run",
      "src/server/nothing.test.ts`, as does npm run",
      "nothing-here.",
    ].join("\n");
    expect(check(text)).toEqual([
      "docs/topic.md:1: unsupported.ts: no such file or folder",
      "docs/topic.md:2: scripts/defer-app-script.mjs: no such file or folder",
      "docs/topic.md:2: rest/missing.ts: no such file or folder",
      "docs/topic.md:3: npm run bench:nothing: package.json has no such script",
      "docs/topic.md:3: npm run teams: package.json has no such script",
      "docs/topic.md:3: link to api.md#no-such-part: docs/api.md has no such heading",
      "docs/topic.md:4: src/server/rest/*.spec.ts: no such file or folder",
      "docs/topic.md:4: link to notes.md: no such file",
      "docs/topic.md:4: src/server/gone.ts: no such file or folder",
      "docs/topic.md:6: npm run exports: package.json has no such script",
      "docs/topic.md:6: scripts/nowhere.mjs: no such file or folder",
      "docs/topic.md:8: link to decisions/0012-gone.md: no such file",
      "docs/topic.md:9: src/server/nothing.test.ts: no such file or folder",
      "docs/topic.md:10: npm run nothing-here: package.json has no such script",
    ]);
  });

  it("passes what exists: paths, folders, globs, names within a folder, placeholders, links", () => {
    const text = [
      "`createApp()` in `src/server/app.ts`, errors in `rest/errors.ts`, pages in `pages.js`.",
      "Tests beside the verbs (`src/server/rest/*.test.ts`); the kinds in `features/inbox/model/mail.ts`.",
      "Set them in `.env.example`; a route is `src/web/<feature>/x.tsx` only when `src/` holds it.",
      "`npm start`, `npm test`, `npm run bench:auth`, `npm run team -- invite`, `npm ci`.",
      "Read [the API](api.md#rest-what-is-served) and [the README](../README.md).",
      "Not ours: `DATA_DIR/admin-listener.json`, `build/render/`, `/rest/v1/rpc`, `application/json`,",
      "`./restore-drill`, `https://kalima.example/about`, `.single()`, a `.partial` file, `.mjs`.",
    ].join("\n");
    expect(check(text)).toEqual([]);
  });

  it("makes a heading's anchor as GitHub does", () => {
    expect(anchorOf("Backups and restores")).toBe("backups-and-restores");
    expect(anchorOf("`/rest/v1`: PostgREST")).toBe("restv1-postgrest");
  });
});
