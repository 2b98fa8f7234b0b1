// npm run export -- --format csv|json [--since DATE] [--output FILE]: every submission, for
// backups and spreadsheets, streamed from the configured database to standard output or a file.
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/open.ts";
import { exportFormats, exportSubmissions, type ExportFormat } from "./submissions-export.ts";
import { runCommand, UsageError } from "./command.ts";
import { errorMessage } from "../../shared/error-message.ts";

const usage =
  "Usage: npm run export -- --format csv|json [--since YYYY-MM-DD[THH:MM[:SS]][Z|±HH:MM]] [--output FILE]";

const dateShape =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/u;

function parseSince(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  // A date alone, or a time without a zone, is read as UTC: the same answer on every machine.
  const withZone = /^\d{4}-\d{2}-\d{2}$/u.test(value)
    ? `${value}T00:00:00Z`
    : /(?:Z|[+-]\d{2}:\d{2})$/u.test(value)
      ? value
      : `${value}Z`;
  const date = new Date(withZone.replace(" ", "T"));
  const [year = 0, month = 0, day = 0] = value.slice(0, 10).split("-").map(Number);
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (
    !dateShape.test(value) ||
    Number.isNaN(date.getTime()) ||
    calendarDay.getUTCMonth() !== month - 1 ||
    calendarDay.getUTCDate() !== day
  ) {
    throw new UsageError(`--since ${value} is not a date such as 2026-01-31 or 2026-01-31T18:00Z`);
  }
  return date;
}

function readArguments(): { format: ExportFormat; since: Date | undefined; output?: string } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        format: { type: "string" },
        since: { type: "string" },
        output: { type: "string" },
      },
    }));
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  if (values.format === undefined) throw new UsageError("--format is required");
  if (!exportFormats.includes(values.format as ExportFormat)) {
    throw new UsageError(`--format must be csv or json, not ${values.format}`);
  }
  return {
    format: values.format as ExportFormat,
    since: parseSince(values.since),
    ...(values.output ? { output: values.output } : {}),
  };
}

async function openFile(file: string): Promise<WriteStream> {
  const stream = createWriteStream(file, { flags: "wx" });
  await new Promise((resolve, reject) => {
    stream.once("open", resolve);
    stream.once("error", (error) =>
      reject(new Error(`Cannot write ${file}: ${error.message}`, { cause: error })),
    );
  });
  return stream;
}

async function main(): Promise<void> {
  const options = readArguments();
  const db = await openDatabase(loadConfig());
  const output = options.output ? await openFile(options.output) : process.stdout;
  try {
    const count = await exportSubmissions(db, options, async (chunk) => {
      if (!output.write(chunk)) await once(output, "drain");
    });
    if (options.output) {
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      process.stderr.write(`Exported ${count} submissions to ${options.output}\n`);
    }
  } finally {
    await db.close();
  }
}

await runCommand(main, usage);
