// npm run limits [-- --per-client-burst 5 --burst-window "10 minutes" --per-client-daily 20
// --per-address-burst 30 --per-address-daily 200 --daily-ceiling 2000
// --duplicate-window "10 minutes" --unproved-mail-per-hour 50 --replies-per-member-per-hour 30
// --spam-retention-days 30 --keep-months 0]: shows, or changes, the database's limits
// on visitors' submissions (private.submission_limits, docs/decisions/0014) on the configured
// database. On a hosted project, run the same UPDATE in its SQL editor.
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/open.ts";
import { isPostgresError } from "../db/database.ts";
import { runCommand, UsageError } from "./command.ts";
import { describeDatabase } from "./database-name.ts";
import { errorMessage } from "../../shared/error-message.ts";

const usage =
  "Usage: npm run limits [-- --per-client-burst N --burst-window INTERVAL --per-client-daily N " +
  "--per-address-burst N --per-address-daily N --daily-ceiling N --duplicate-window INTERVAL " +
  "--unproved-mail-per-hour N --replies-per-member-per-hour N " +
  "--spam-retention-days N --keep-months N]   " +
  '(an INTERVAL such as "10 minutes")';

const settings = {
  "per-client-burst": { column: "per_client_burst", kind: "count" },
  "burst-window": { column: "burst_window", kind: "interval" },
  "per-client-daily": { column: "per_client_daily", kind: "count" },
  // Whatever the emails: one address's ceiling, above one person's (address and email) limit.
  "per-address-burst": { column: "per_address_burst", kind: "count" },
  "per-address-daily": { column: "per_address_daily", kind: "count" },
  "daily-ceiling": { column: "daily_ceiling", kind: "count" },
  "duplicate-window": { column: "duplicate_window", kind: "interval" },
  // 0 withholds every confirmation.
  "unproved-mail-per-hour": { column: "unproved_mail_per_hour", kind: "count-or-none" },
  // 0 stops every reply from the inbox.
  "replies-per-member-per-hour": { column: "replies_per_member_per_hour", kind: "count-or-none" },
  "spam-retention-days": { table: "retention", column: "spam_days", kind: "count" },
  // 0 keeps every submission until a member deletes it.
  "keep-months": { table: "retention", column: "keep_months", kind: "count-or-none" },
} as const;
type Setting = keyof typeof settings;

function tableOf(name: Setting): "submission_limits" | "retention" {
  const setting = settings[name];
  return "table" in setting ? setting.table : "submission_limits";
}

function readChanges(): [Setting, string][] {
  let values: Partial<Record<Setting, string>>;
  try {
    ({ values } = parseArgs({
      options: Object.fromEntries(
        Object.keys(settings).map((name) => [name, { type: "string" }]),
      ) as Record<Setting, { type: "string" }>,
    }));
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  const changes = Object.entries(values) as [Setting, string][];
  for (const [name, value] of changes) {
    const { kind } = settings[name];
    if (kind === "count" && !/^[1-9]\d{0,8}$/u.test(value)) {
      throw new UsageError(`--${name} ${value} is not a whole number above zero`);
    }
    if (kind === "count-or-none" && !/^(0|[1-9]\d{0,8})$/u.test(value)) {
      throw new UsageError(`--${name} ${value} is not a whole number`);
    }
  }
  return changes;
}

await runCommand(async () => {
  const changes = readChanges();
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    for (const table of ["submission_limits", "retention"] as const) {
      const own = changes.filter(([name]) => tableOf(name) === table);
      if (own.length === 0) continue;
      const assignments = own.map(([name], index) => {
        const { column, kind } = settings[name];
        const value = `$${index + 1}::${kind === "interval" ? "interval" : "integer"}`;
        // keep_months 0 is "until deleted": stored as null.
        return `${column} = ${name === "keep-months" ? `nullif(${value}, 0)` : value}`;
      });
      await db
        .query(
          `update private.${table} set ${assignments.join(", ")}`,
          own.map(([, value]) => value),
        )
        .catch((error: unknown) => {
          // A value the table's checks refuse (an interval of nothing, a window over a day).
          if (isPostgresError(error) && /^(22|23)/u.test(error.code)) {
            throw new UsageError(`Not changed: ${error.message}`);
          }
          throw error;
        });
    }
    const { rows } = await db.query<Record<string, string | number>>(
      `select per_client_burst, burst_window::text, per_client_daily, per_address_burst,
              per_address_daily, daily_ceiling,
              duplicate_window::text, unproved_mail_per_hour, replies_per_member_per_hour
         from private.submission_limits`,
    );
    const limits = rows[0];
    if (!limits) throw new Error("private.submission_limits is empty: run npm run migrate");
    const retention = (
      await db.query<{ spam_days: number; keep_months: number | null }>(
        "select spam_days, keep_months from private.retention",
      )
    ).rows[0];
    if (!retention) throw new Error("private.retention is empty: run npm run migrate");
    process.stdout.write(
      `${changes.length > 0 ? "Changed" : "Limits"} on ${describeDatabase(config)}:\n` +
        `  per client: ${limits.per_client_burst} in ${limits.burst_window}, ` +
        `${limits.per_client_daily} a day\n` +
        `  per address: ${limits.per_address_burst} in ${limits.burst_window}, ` +
        `${limits.per_address_daily} a day, whatever the emails\n` +
        `  everyone:   ${limits.daily_ceiling} a day\n` +
        `  identical messages folded within ${limits.duplicate_window}\n` +
        `  mail to unproved addresses (registration confirmations): ` +
        `${limits.unproved_mail_per_hour} an hour for the whole site\n` +
        `  replies from the inbox: ${limits.replies_per_member_per_hour} an hour per member\n` +
        `  kept: spam ${retention.spam_days} days, everything else ` +
        `${retention.keep_months === null ? "until deleted" : `${retention.keep_months} months`}\n`,
    );
  } finally {
    await db.close();
  }
}, usage);
