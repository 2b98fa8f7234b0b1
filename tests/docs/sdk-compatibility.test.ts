import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sdkCapabilities } from "./sdk-capabilities.ts";

// docs/api.md's compatibility table against Supabase's SDK capability matrix: every capability
// once, each answered with a test that exists, refused with a code, or not applicable with why.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const heading = "## Compatibility with Supabase's SDK capabilities";
const statuses = ["answered", "refused", "not applicable"] as const;

interface Row {
  id: string;
  status: string;
  detail: string;
  line: number;
}

/** The table's rows under `heading`, up to the next heading of its level. */
function rowsOf(markdown: string): Row[] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const rows: Row[] = [];
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.startsWith("## ")) break;
    const cells = line.trim().replace(/^\|/u, "").replace(/\|$/u, "").split("|");
    const id = /^`([a-z0-9_.]+)`$/u.exec(cells[0]?.trim() ?? "")?.[1];
    if (!line.startsWith("|") || !id) continue;
    rows.push({
      id,
      status: cells[1]?.trim() ?? "",
      detail: cells.slice(2).join("|").trim(),
      line: index + 1,
    });
  }
  return rows;
}

/** The test files a row cites, each with the title quoted after it, if any. */
function citationsOf(detail: string): { file: string; title: string | undefined }[] {
  const citation = /`((?:tests|src)\/[^`]+\.(?:test|spec)\.tsx?)`(?:\s*“([^”]+)”)?/gu;
  return [...detail.matchAll(citation)].map((match) => ({ file: match[1]!, title: match[2] }));
}

/** What is wrong with the table, one sentence each; `read` gives a cited file's text. */
function problemsOf(
  markdown: string,
  capabilities: readonly string[],
  read: (file: string) => string | undefined,
): string[] {
  const rows = rowsOf(markdown);
  const problems: string[] = [];
  for (const id of capabilities) {
    const count = rows.filter((row) => row.id === id).length;
    if (count !== 1) problems.push(`${id} appears ${count} times`);
  }
  for (const row of rows) {
    const where = `${row.id} (line ${row.line})`;
    if (!capabilities.includes(row.id)) problems.push(`${where} is not in the matrix`);
    if (!(statuses as readonly string[]).includes(row.status)) {
      problems.push(`${where} is "${row.status}", none of ${statuses.join(", ")}`);
    }
    const citations = citationsOf(row.detail);
    for (const { file, title } of citations) {
      const text = read(file);
      if (text === undefined) problems.push(`${where} cites ${file}, which does not exist`);
      else if (title !== undefined && !text.includes(title)) {
        problems.push(`${where} cites "${title}", which ${file} does not hold`);
      }
    }
    if (row.status === "answered" && !citations.some((citation) => citation.title)) {
      problems.push(`${where} is answered without a test and its title`);
    }
    if (row.status === "refused" && !/^`[^`]+`/u.test(row.detail)) {
      problems.push(`${where} is refused without the code it answers`);
    }
    if (row.status === "not applicable" && row.detail.split(/\s+/u).length < 4) {
      problems.push(`${where} is not applicable without saying why`);
    }
  }
  return problems;
}

const readRepositoryFile = (file: string) => {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, "utf8") : undefined;
};

describe("docs/api.md's compatibility table", () => {
  const markdown = readFileSync(path.join(root, "docs/api.md"), "utf8");

  it("answers each of the matrix's 223 capabilities once, each proven, refused or explained", () => {
    expect(new Set(sdkCapabilities).size).toBe(223);
    expect(problemsOf(markdown, sdkCapabilities, readRepositoryFile)).toEqual([]);
  });
});

describe("what the table's check reads", () => {
  const files: Record<string, string> = {
    "tests/contract/a.test.ts": 'it("answers a", async () => {});',
  };
  const check = (rows: string[]) =>
    problemsOf(
      [heading, "", "| capability | here | with, or why |", "| --- | --- | --- |", ...rows].join(
        "\n",
      ),
      ["x.a", "x.b"],
      (file) => files[file],
    );

  it("passes a table that answers everything", () => {
    expect(
      check([
        "| `x.a` | answered | `tests/contract/a.test.ts` “answers a” |",
        "| `x.b` | not applicable | the client's own work, nothing reaches the server |",
      ]),
    ).toEqual([]);
  });

  it.each([
    [
      "a missing id",
      ["| `x.a` | answered | `tests/contract/a.test.ts` “answers a” |"],
      "x.b appears 0 times",
    ],
    [
      "a title the file lacks",
      [
        "| `x.a` | answered | `tests/contract/a.test.ts` “answers b” |",
        "| `x.b` | refused | `not_found` (404) |",
      ],
      `x.a (line 5) cites "answers b", which tests/contract/a.test.ts does not hold`,
    ],
    [
      "a file that does not exist",
      [
        "| `x.a` | answered | `tests/contract/gone.test.ts` “answers a” |",
        "| `x.b` | refused | `not_found` (404) |",
      ],
      "x.a (line 5) cites tests/contract/gone.test.ts, which does not exist",
    ],
    [
      "a refusal without its code",
      [
        "| `x.a` | answered | `tests/contract/a.test.ts` “answers a” |",
        "| `x.b` | refused | with a 404 |",
      ],
      "x.b (line 6) is refused without the code it answers",
    ],
    [
      "an answer without a title",
      [
        "| `x.a` | answered | `tests/contract/a.test.ts` |",
        "| `x.b` | refused | `not_found` (404) |",
      ],
      "x.a (line 5) is answered without a test and its title",
    ],
    [
      "an unknown status",
      [
        "| `x.a` | answered | `tests/contract/a.test.ts` “answers a” |",
        "| `x.b` | partly | `not_found` (404) |",
      ],
      'x.b (line 6) is "partly", none of answered, refused, not applicable',
    ],
  ])("refuses %s", (_label, rows, problem) => {
    expect(check(rows)).toContain(problem);
  });
});
