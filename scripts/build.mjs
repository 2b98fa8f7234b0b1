// npm run build: builds the site (prerendered pages, precompressed assets) and the server.
// `-- --out <dir>` builds the site alone, into another folder of the project than build/, which
// it leaves as it is (the process tests build a site of their own that way). The folder must be
// inside the project: the render bundle there imports the project's packages.
import path from "node:path";
import { parseArgs } from "node:util";
import { buildServer, buildSite, root } from "./build-steps.mjs";

try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (values.out === undefined) {
    buildSite();
    buildServer();
  } else {
    const out = path.resolve(values.out);
    if (path.relative(root, out).startsWith("..")) {
      throw new Error(`--out ${values.out}: must be a folder inside ${root}`);
    }
    buildSite(out);
  }
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
