function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A member's edits made onto another member's newer text: a three-way merge field by field.
 * Where only one side changed a field from `base`, that side's text is kept; where both did,
 * `mine` wins (the member chose to keep theirs-with-mine). Lists whose length changed on both
 * sides are taken whole from `mine`, as their items no longer line up.
 */
export function mergeEdits(base: unknown, theirs: unknown, mine: unknown): unknown {
  if (same(mine, base)) return theirs;
  if (same(theirs, base) || same(theirs, mine)) return mine;
  if (isRecord(base) && isRecord(theirs) && isRecord(mine)) {
    const merged: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeEdits(base[key], theirs[key], mine[key]);
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
    return mine.map((item, index) => mergeEdits(base[index], theirs[index], item));
  }
  return mine;
}
