// node scripts/with-postgres.mjs <command...>: runs the command with TEST_DATABASE_URL set to a
// throwaway PostgreSQL cluster, removed when the command ends. `.ci/run` runs `npm test` this way.
import { spawn } from "node:child_process";
import { startThrowawayCluster } from "./postgres-cluster.mjs";

const command = process.argv.slice(2);
if (command.length === 0) {
  process.stderr.write("Usage: node scripts/with-postgres.mjs <command> [arguments...]\n");
  process.exit(2);
}

let cluster;
try {
  cluster = await startThrowawayCluster({ durable: false });
} catch (error) {
  process.stderr.write(`Could not start a throwaway PostgreSQL cluster: ${error.message}\n`);
  process.exit(1);
}
process.stdout.write(`PostgreSQL for this run: ${cluster.url}\n`);

const child = spawn(command[0], command.slice(1), {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: cluster.url },
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.once("exit", (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
