// npm run keys | migrate | export | team | limits | content | backup | restore: runs a command of the server, building the server first if needed.
import { ensureBuilt, root } from "./build-steps.mjs";

const commands = new Set([
  "keys",
  "migrate",
  "export",
  "team",
  "limits",
  "content",
  "backup",
  "restore",
]);
const [command] = process.argv.slice(2);
if (!commands.has(command)) {
  process.stderr.write(
    `Unknown command ${command ?? "(none)"}; expected one of: ${[...commands].join(", ")}\n`,
  );
  process.exit(2);
}
try {
  ensureBuilt(["server"]);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// The command reads its own flags from process.argv, as when run directly.
process.argv.splice(2, 1);
await import(new URL(`dist/server/cli/${command}.js`, `file://${root}/`).href);
