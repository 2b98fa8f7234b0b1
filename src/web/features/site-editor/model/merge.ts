import { changesBetween, isRecord, sameContent as same } from "./changes.ts";
import { pathKey, type FieldPath } from "./problems.ts";

/** Whose text a field both members changed keeps. */
export type Side = "mine" | "theirs";

/** This member's choice for each field both members changed, by the field's path key. */
export type Choices = Readonly<Record<string, Side>>;

/** A field both members changed from `base`, to different texts. */
export interface FieldConflict {
  path: FieldPath;
  base: unknown;
  theirs: unknown;
  mine: unknown;
}

export interface Merge {
  body: unknown;
  /** The fields both changed: each waits for this member's choice. */
  conflicts: FieldConflict[];
  /** The fields only the other member changed: their text is taken. */
  theirs: FieldPath[];
  /** The fields only this member changed: this member's text is kept. */
  mine: FieldPath[];
}

function walk(
  base: unknown,
  theirs: unknown,
  mine: unknown,
  path: FieldPath,
  choices: Choices,
  into: Omit<Merge, "body">,
): unknown {
  if (same(mine, base)) {
    for (const change of changesBetween(base, theirs)) into.theirs.push([...path, ...change.path]);
    return theirs;
  }
  if (same(theirs, base)) {
    for (const change of changesBetween(base, mine)) into.mine.push([...path, ...change.path]);
    return mine;
  }
  if (same(theirs, mine)) return mine;
  if (isRecord(base) && isRecord(theirs) && isRecord(mine)) {
    const merged: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = walk(base[key], theirs[key], mine[key], [...path, key], choices, into);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  if (
    Array.isArray(base) &&
    Array.isArray(theirs) &&
    Array.isArray(mine) &&
    base.length === theirs.length &&
    base.length === mine.length
  ) {
    return mine.map((item, index) =>
      walk(base[index], theirs[index], item, [...path, index], choices, into),
    );
  }
  into.conflicts.push({ path, base, theirs, mine });
  return choices[pathKey(path)] === "theirs" ? theirs : mine;
}

/**
 * A member's edits made onto another member's newer text: a three-way merge field by field.
 * Where only one side changed a field from `base`, that side's text is kept; where both did, the
 * field is a conflict, and takes the side this member chose (theirs or mine; mine until chosen).
 * Lists whose length changed on both sides are one field, as their items no longer line up.
 */
export function mergeFields(
  base: unknown,
  theirs: unknown,
  mine: unknown,
  choices: Choices = {},
): Merge {
  const found: Omit<Merge, "body"> = { conflicts: [], theirs: [], mine: [] };
  const body = walk(base, theirs, mine, [], choices, found);
  return { body, ...found };
}

/** The fields both changed that this member has not chosen for yet. */
export function unchosen(merge: Merge, choices: Choices = {}): FieldConflict[] {
  return merge.conflicts.filter((conflict) => choices[pathKey(conflict.path)] === undefined);
}
