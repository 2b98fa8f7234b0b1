// npm run build: builds the site (prerendered pages, precompressed assets) and the server.
import { buildServer, buildSite } from "./build-steps.mjs";

try {
  buildSite();
  buildServer();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
