// A member's name, as the team sees it beside their work: chosen by an admin (`npm run team --
// invite --name`) or by the member (the account menu), kept in user_metadata.full_name.

export const memberNameLimit = 80;

// C0 and C1 controls, and the marks that reorder text around them (embeddings, overrides,
// isolates): a name is shown inside sentences of either direction and must not rearrange them.
const forbidden = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export type NameProblem = "empty" | "long" | "characters";

/** The name as stored (trimmed), or what is wrong with it. */
export function checkMemberName(
  value: string,
): { name: string; problem?: undefined } | { name?: undefined; problem: NameProblem } {
  const name = value.trim();
  if (!name) return { problem: "empty" };
  if ([...name].length > memberNameLimit) return { problem: "long" };
  if (forbidden.test(name)) return { problem: "characters" };
  return { name };
}

/** The name an account's metadata carries, when it is one the team may be shown. */
export function nameInMetadata(metadata: Record<string, unknown> | null | undefined) {
  for (const key of ["full_name", "name"]) {
    const value = metadata?.[key];
    if (typeof value !== "string") continue;
    const { name } = checkMemberName(value);
    if (name) return name;
  }
  return undefined;
}
