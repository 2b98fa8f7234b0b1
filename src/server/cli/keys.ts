// Prints the anon and service_role keys for this server's JWT secret.
import { loadConfig } from "../config.ts";
import { loadJwtSecret, makeApiKeys } from "../keys.ts";

const keys = await makeApiKeys(await loadJwtSecret(loadConfig()));
process.stdout.write(
  [
    `anon key (safe in the browser):\n${keys.anon}`,
    `service_role key (secret: reads every submission, bypasses row-level security):\n${keys.service_role}`,
    "",
  ].join("\n\n"),
);
