// What the README and docs/ name of the repository, and which of those names point at nothing.
// A doc names a file, a folder or a glob (in backticks, in a code block, or as a root path in
// prose), an npm script (`npm run x`, `npm start`), or another doc (a Markdown link, with its
// heading). docs/decisions/ is not read: each record tells of its own time, and may name what
// was there then.
import { readdirSync } from "node:fs";
import path from "node:path";

export interface Reference {
  kind: "path" | "script" | "link";
  /** As the doc writes it, e.g. `src/server/app.ts`, `rest/errors.ts`, `bench:auth`. */
  target: string;
  /** The doc, relative to the repository's root. */
  doc: string;
  line: number;
}

export interface Repository {
  /** Every file, relative to the root, with `/` between folders. */
  files: readonly string[];
  scripts: ReadonlySet<string>;
  /** A doc's text by its path, for the headings a link names. */
  readDoc: (docPath: string) => string | undefined;
}

/** The folders of the repository a doc names from the root. */
const rootFolders = ["src", "scripts", "tests", "supabase", "docs", "public", ".ci", ".github"];

/** Folders that are made, not kept: a build, data, packages. A doc may name them freely. */
const madeFolders = [
  ".git",
  "node_modules",
  "build",
  "dist",
  "data",
  ".react-router",
  "screenshots",
  "test-results",
  "playwright-report",
  ".scratch",
];

/** The kinds of file the repository keeps, so that a bare `name.ts` reads as a file's name. */
const fileExtensions = /\.(ts|tsx|js|mjs|cjs|json|sql|md|css|py|yml|yaml|sh)$/u;

/** npm's own commands that run a script of package.json's without `run`. */
const scriptShorthands = new Set(["start", "test", "stop", "restart"]);

/** Every file of the repository under `root`, leaving out what is made rather than kept. */
export function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!madeFolders.includes(entry.name)) walk(name);
      } else {
        files.push(name);
      }
    }
  };
  walk("");
  return files;
}

/** The lines of a Markdown text, each marked whether it sits in a fenced code block. */
function linesOf(text: string): { text: string; fenced: boolean; number: number }[] {
  let fenced = false;
  return text.split("\n").map((line, index) => {
    const fence = /^\s*(```|~~~)/u.test(line);
    if (fence) fenced = !fenced;
    return { text: line, fenced: fenced || fence, number: index + 1 };
  });
}

/** A token of code without the punctuation prose puts around it. */
function trimmed(token: string): string {
  return token.replace(/^[("'[]+/u, "").replace(/[)"'\],;:.]+$/u, "");
}

function isRootPath(token: string): boolean {
  const first = token.split("/")[0] ?? "";
  return token.includes("/") && rootFolders.includes(first);
}

/**
 * Whether a token of code names something of the repository: a path from the root, a path
 * within a folder (`rest/errors.ts`, `features/inbox/`), or a file's name (`pages.js`,
 * `.env.example`). Addresses, absolute paths, a made folder's files, environment variables'
 * folders (`DATA_DIR/jwt-secret`) and MIME types are not.
 */
function namesRepositoryThing(token: string): boolean {
  if (token === "" || token.includes("://") || /^(\.{0,2}\/|~)/u.test(token)) return false;
  const first = token.split("/")[0] ?? "";
  if (madeFolders.includes(first) || /^[A-Z][A-Z0-9_]*$/u.test(first)) return false;
  if (!/^[\w.@*{}<>,-]+(\/[\w.@*{}<>,-]*)*$/u.test(token)) return false;
  // An extension alone (`.mjs`) names a kind of file, not one.
  if (/^\.[\w-]+$/u.test(token)) return false;
  if (isRootPath(token)) return true;
  if (/^\.[\w-]+\.[\w.-]+$/u.test(token)) return true;
  const withoutPlaceholders = token.replace(/<[^>]*>/gu, "x");
  return fileExtensions.test(withoutPlaceholders) || (token.includes("/") && token.endsWith("/"));
}

const scriptPattern =
  /\bnpm\s+(?:run(?:-script)?\s+(?:-{1,2}[\w-]+\s+)*([\w:-]+(?:\.[\w:-]+)*)|(start|test|stop|restart)\b)/gu;
const rootPathInProse = new RegExp(
  String.raw`(?<![\w./<>-])((?:${rootFolders.map((folder) => folder.replace(".", String.raw`\.`)).join("|")})/[\w./*{},<>@-]*)`,
  "gu",
);
const codeSpan = /`([^`]+)`/gu;
const markdownLink = /\[[^\]]*\]\(([^)\s]+)\)/gu;

/** Blanks out text, keeping its line breaks, so that what follows keeps its line. */
const blank = (text: string) => text.replace(/[^\n]/gu, " ");

/** Everything `text` (the doc at `doc`) names of the repository, by line. */
export function referencesIn(text: string, doc: string): Reference[] {
  const found: Reference[] = [];
  const add = (kind: Reference["kind"], target: string, line: number) => {
    if (!found.some((r) => r.kind === kind && r.target === target && r.line === line)) {
      found.push({ kind, target, doc, line });
    }
  };
  const lines = linesOf(text);
  const lineAt = (index: number | undefined) => text.slice(0, index).split("\n").length;
  // A code block: commands and trees, where paths from the root are what can be told apart.
  for (const line of lines.filter((each) => each.fenced)) {
    for (const match of line.text.matchAll(scriptPattern)) {
      const name = match[1] ?? match[2];
      if (name) add("script", name, line.number);
    }
    for (const token of line.text.split(/\s+/u).map(trimmed)) {
      if (isRootPath(token) && namesRepositoryThing(token)) add("path", token, line.number);
    }
  }
  // Outside code blocks a code span, a link's text or a command may run over a line's end.
  const outsideBlocks = lines
    .map((line) => (line.fenced ? blank(line.text) : line.text))
    .join("\n");
  for (const match of outsideBlocks.matchAll(scriptPattern)) {
    const name = match[1] ?? match[2];
    if (name) add("script", name, lineAt(match.index));
  }
  for (const match of outsideBlocks.matchAll(codeSpan)) {
    for (const token of (match[1] ?? "").split(/\s+/u).map(trimmed)) {
      if (namesRepositoryThing(token)) add("path", token, lineAt(match.index));
    }
  }
  const prose = outsideBlocks.replace(codeSpan, blank);
  for (const match of prose.matchAll(markdownLink)) {
    const target = match[1] ?? "";
    if (!/^[a-z][a-z0-9+.-]*:/iu.test(target)) add("link", target, lineAt(match.index));
  }
  for (const match of prose.replace(markdownLink, blank).matchAll(rootPathInProse)) {
    const token = trimmed(match[1] ?? "");
    if (namesRepositoryThing(token)) add("path", token, lineAt(match.index));
  }
  return found.sort((a, b) => a.line - b.line);
}

/** `*` within a name, `**` across folders, `{a,b}` either: as a shell or Vitest reads a glob. */
function globPattern(glob: string): RegExp {
  let pattern = "";
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index] ?? "";
    if (glob.startsWith("**/", index)) {
      pattern += "(?:.*/)?";
      index += 2;
    } else if (glob.startsWith("**", index)) {
      pattern += ".*";
      index += 1;
    } else if (character === "*") pattern += "[^/]*";
    else if (character === "{") pattern += "(?:";
    else if (character === "}") pattern += ")";
    else if (character === ",") pattern += "|";
    else pattern += character.replace(/[.+?^$()|[\]\\]/gu, String.raw`\$&`);
  }
  return new RegExp(`^${pattern}$`, "u");
}

/** A Markdown heading's anchor, as GitHub makes it. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/gu, "")
    .replace(/[^\p{L}\p{N}\p{M} -]/gu, "")
    .replace(/ /gu, "-");
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of linesOf(text)) {
    const heading = /^#{1,6}\s+(.*)$/u.exec(line.text);
    if (!line.fenced && heading?.[1]) {
      const anchor = anchorOf(heading[1]);
      let unique = anchor;
      for (let count = 1; anchors.has(unique); count += 1) unique = `${anchor}-${count}`;
      anchors.add(unique);
    }
  }
  return anchors;
}

const foldersByFiles = new WeakMap<readonly string[], string[]>();

/** Every folder holding a file, as `src/server/`. */
function foldersOf(files: readonly string[]): string[] {
  const known = foldersByFiles.get(files);
  if (known) return known;
  const folders = new Set<string>();
  for (const file of files) {
    for (let at = file.indexOf("/"); at >= 0; at = file.indexOf("/", at + 1)) {
      folders.add(file.slice(0, at + 1));
    }
  }
  foldersByFiles.set(files, [...folders]);
  return [...folders];
}

/** The last `count` parts of a path (`a/b/c.ts`, 2: `b/c.ts`; `a/b/`, 1: `b/`). */
function tailOf(candidate: string, count: number): string {
  const folder = candidate.endsWith("/");
  const parts = (folder ? candidate.slice(0, -1) : candidate).split("/");
  return parts.slice(-count).join("/") + (folder ? "/" : "");
}

/** Whether the repository holds what `target` names (see namesRepositoryThing). */
function pathExists(target: string, repository: Repository): boolean {
  // A placeholder (`routes/<page>.tsx`) stands for any name: what comes before it must exist.
  const placeholder = target.indexOf("<");
  if (placeholder >= 0) {
    const folder = target.slice(0, target.lastIndexOf("/", placeholder) + 1);
    return folder === "" || pathExists(folder, repository);
  }
  const folder = target.endsWith("/");
  const candidates = folder ? foldersOf(repository.files) : repository.files;
  const pattern = globPattern(target);
  // From the root: the whole path. Within a folder, or a bare name: the end of some path.
  const depth = (folder ? target.slice(0, -1) : target).split("/").length;
  return (
    candidates.some((candidate) =>
      pattern.test(isRootPath(target) ? candidate : tailOf(candidate, depth)),
    ) ||
    (!folder && isRootPath(target) && foldersOf(repository.files).includes(`${target}/`))
  );
}

/** What is wrong with each reference, as a line naming the doc and where: none when all hold. */
export function problemsOf(references: readonly Reference[], repository: Repository): string[] {
  const problems: string[] = [];
  for (const reference of references) {
    const where = `${reference.doc}:${reference.line}`;
    if (reference.kind === "script") {
      if (!repository.scripts.has(reference.target)) {
        problems.push(
          `${where}: npm ${scriptShorthands.has(reference.target) ? "" : "run "}${reference.target}: package.json has no such script`,
        );
      }
    } else if (reference.kind === "path") {
      if (!pathExists(reference.target, repository)) {
        problems.push(`${where}: ${reference.target}: no such file or folder`);
      }
    } else {
      const [file = "", anchor] = reference.target.split("#");
      const linked =
        file === "" ? reference.doc : path.posix.join(path.posix.dirname(reference.doc), file);
      const folder = linked.endsWith("/") ? linked : `${linked}/`;
      if (!repository.files.includes(linked) && !foldersOf(repository.files).includes(folder)) {
        problems.push(`${where}: link to ${reference.target}: no such file`);
      } else if (anchor && linked.endsWith(".md")) {
        const text = repository.readDoc(linked) ?? "";
        if (!anchorsOf(text).has(anchor)) {
          problems.push(`${where}: link to ${reference.target}: ${linked} has no such heading`);
        }
      }
    }
  }
  return problems;
}
