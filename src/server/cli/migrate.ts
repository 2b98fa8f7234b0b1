// Applies the pending migrations to the configured database and exits, serving nothing: for a
// deployment step that runs before the instances start, or to check a DATABASE_URL.
import { loadConfig } from "../config.ts";
import { describeDatabase } from "./database-name.ts";
import { migrate, readMigrations } from "../db/migrate.ts";
import { openDatabase } from "../db/open.ts";
import { errorMessage } from "../../shared/error-message.ts";

try {
  const config = loadConfig();
  const migrations = await readMigrations(config.migrationsDir);
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db, migrations);
    const where = describeDatabase(config);
    process.stdout.write(
      applied.length > 0
        ? `Applied to ${where}:\n${applied.map((name) => `  ${name}\n`).join("")}`
        : `Nothing to apply: ${where} has all ${migrations.length} migrations.\n`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  process.stderr.write(`${errorMessage(error)}\n`);
  process.exitCode = 1;
}
