// npm start: builds whatever is missing or stale, then runs the server in this process.
import { ensureBuilt, root } from "./build-steps.mjs";

try {
  ensureBuilt();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
await import(new URL("dist/server/main.js", `file://${root}/`).href);
