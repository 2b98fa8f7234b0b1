export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

// Lines wait for the end of the event loop's turn and go out in one write: under load, one
// system call for many requests instead of one each. Errors go out at once, after what waits.
let pending = "";
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  if (pending === "") return;
  const lines = pending;
  pending = "";
  process.stdout.write(lines);
}
process.on("exit", flush);

function write(level: string, message: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + "\n";
  if (level === "error") {
    flush();
    process.stderr.write(line);
    return;
  }
  pending += line;
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}

/** One JSON object per line on stdout (errors on stderr), ready for journald or a log shipper. */
export const jsonLogger: Logger = {
  info: (message, fields) => write("info", message, fields),
  warn: (message, fields) => write("warn", message, fields),
  error: (message, fields) => write("error", message, fields),
};

/** A thrown value as a log field: its stack when it has one. */
export function errorForLog(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
