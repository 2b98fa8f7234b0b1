/** A mistake in how a command was called: answered with the usage text and exit code 2. */
import { errorMessage } from "../../shared/error-message.ts";
export class UsageError extends Error {}

/** Runs a command's `main`: a failure prints its message (and the usage after a UsageError). */
export async function runCommand(main: () => Promise<void>, usage: string): Promise<void> {
  try {
    await main();
  } catch (error) {
    const message = errorMessage(error);
    process.stderr.write(error instanceof UsageError ? `${message}\n${usage}\n` : `${message}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}
