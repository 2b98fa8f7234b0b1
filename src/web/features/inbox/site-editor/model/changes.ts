import type { FieldPath } from "./problems.ts";

export interface Change {
  path: FieldPath;
  before: unknown;
  after: unknown;
}

function leaves(
  value: unknown,
  path: (string | number)[],
  into: Map<string, Change>,
  side: "before" | "after",
) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => leaves(item, [...path, index], into, side));
    return;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], into, side);
    return;
  }
  const key = JSON.stringify(path);
  const change = into.get(key) ?? { path, before: undefined, after: undefined };
  change[side] = value;
  into.set(key, change);
}

/**
 * Every field that differs between what the site shows and what would be published, in the
 * order the draft lists them (then what it no longer has): what the publish button asks about.
 */
export function changesBetween(before: unknown, after: unknown): Change[] {
  const all = new Map<string, Change>();
  leaves(after, [], all, "after");
  leaves(before, [], all, "before");
  return [...all.values()].filter((change) => change.before !== change.after);
}
