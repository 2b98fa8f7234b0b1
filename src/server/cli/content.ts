// npm run content -- export | import <file> [--publish]: the site's published content as JSON
// (for backups, review, or moving content between a staging and a production site), and back, as
// drafts or published. A client of the running server (or of a hosted project), as npm run team.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { SupabaseClient } from "@supabase/supabase-js";
import { errorMessage } from "../../shared/error-message.ts";
import {
  checkSiteContent,
  siteContentSections,
  type SiteContent,
} from "../../shared/site-content.ts";
import { adminClient } from "./admin-client.ts";
import { runCommand, UsageError } from "./command.ts";

const usage = `Usage:
  npm run content -- export                     the published content, as JSON, on stdout
  npm run content -- import <file> [--publish]  a file of that shape (or its "content" alone),
                                                checked whole, saved as the drafts, and published
                                                with --publish`;

class ContentCommandError extends Error {}

function readArguments() {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { publish: { type: "boolean" } } });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  const [command, file, ...rest] = parsed.positionals;
  if (rest.length > 0) throw new UsageError(`Unexpected ${rest.join(" ")}`);
  if (command === "export" && !file && !parsed.values.publish) return { command } as const;
  if (command === "import" && file) {
    return { command, file, publish: parsed.values.publish === true } as const;
  }
  if (command === "import") throw new UsageError("import needs the file to read");
  throw new UsageError(`Unknown command ${command ?? "(none)"}`);
}

/** Answers a call's data, or throws its error in words that name the server's answer. */
function answered<T>(result: { data: T | null; error: { message: string } | null }): T {
  if (result.error) throw new ContentCommandError(result.error.message);
  if (result.data === null) throw new ContentCommandError("The server answered nothing");
  return result.data;
}

async function exportContent(client: SupabaseClient): Promise<void> {
  const rows = answered(
    await client.from("published_site_content").select("version, published_at, content"),
  );
  const [published] = rows;
  if (!published) throw new ContentCommandError("Nothing is published yet");
  process.stdout.write(`${JSON.stringify(published, null, 2)}\n`);
}

/** The document in a file: an export (`{version, published_at, content}`) or the content alone. */
async function readDocument(file: string): Promise<SiteContent> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ContentCommandError(`Cannot read ${file}: ${errorMessage(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ContentCommandError(`${file} is not JSON: ${errorMessage(error)}`);
  }
  const document =
    parsed !== null && typeof parsed === "object" && "content" in parsed ? parsed.content : parsed;
  const { content, problems } = checkSiteContent(document);
  if (problems) {
    throw new ContentCommandError(
      `${file} was not imported; nothing changed:\n${problems.map((problem) => `  ${problem}`).join("\n")}`,
    );
  }
  return content;
}

/** JSON with every object's keys in order: jsonb keeps its own order, a file its writer's. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

async function importContent(client: SupabaseClient, file: string, publish: boolean) {
  const document = await readDocument(file);
  const drafts = answered<{ section: string; revision: number; body: unknown }[]>(
    await client.from("site_content_drafts").select("section, revision, body"),
  );
  const changed: string[] = [];
  for (const section of siteContentSections) {
    const draft = drafts.find((row) => row.section === section);
    if (draft && canonical(draft.body) === canonical(document[section])) continue;
    answered(
      await client.rpc("save_site_draft", {
        section,
        body: document[section],
        base_revision: draft?.revision ?? 0,
      }),
    );
    changed.push(section);
  }
  process.stdout.write(
    changed.length > 0
      ? `Saved as drafts: ${changed.join(", ")}.\n`
      : "The drafts already hold this content.\n",
  );
  if (!publish) return;
  const result = await client.rpc("publish_site_content");
  if (result.error?.message === "Nothing has changed since the last publication") {
    process.stdout.write("Nothing to publish: the site already shows this content.\n");
    return;
  }
  const version = answered<{ id: number; changed: string[] }>(result);
  process.stdout.write(`Published version ${version.id} (${version.changed.join(", ")}).\n`);
}

async function main(): Promise<void> {
  const options = readArguments();
  const { client, target } = await adminClient();
  try {
    if (options.command === "export") await exportContent(client);
    else await importContent(client, options.file, options.publish);
  } catch (error) {
    if (/fetch failed|ECONNREFUSED/u.test(errorMessage(error))) {
      throw new ContentCommandError(`${errorMessage(error)} (is the server running at ${target}?)`);
    }
    throw error;
  }
}

await runCommand(main, usage);
