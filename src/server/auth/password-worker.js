// One thread of the password pool (password-pool.ts): bcrypt's work, away from the thread that
// answers requests. JavaScript rather than TypeScript so that a worker thread runs it as it is,
// from the sources under test as from the build; the compiler checks it.
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

/**
 * @typedef {{ id: number, kind: "hash", password: string, cost: number }
 *   | { id: number, kind: "compare", password: string, hash: string }} PasswordJob
 */

parentPort?.on("message", (/** @type {PasswordJob} */ job) => {
  try {
    const result =
      job.kind === "hash"
        ? bcrypt.hashSync(job.password, job.cost)
        : bcrypt.compareSync(job.password, job.hash);
    parentPort?.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort?.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
