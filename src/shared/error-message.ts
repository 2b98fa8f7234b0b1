/** What went wrong, in one line: an Error's message, or anything else thrown as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
