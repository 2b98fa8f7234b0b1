import type { FieldPath } from "./problems.ts";

export interface Change {
  path: FieldPath;
  before: unknown;
  after: unknown;
}

type Side = "before" | "after";

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether two JSON values hold the same content. */
export function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every field under `value`, as one side of a change at its own path. */
function leaves(value: unknown, path: FieldPath, into: Map<string, Change>, side: Side) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => leaves(item, [...path, index], into, side));
    return;
  }
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], into, side);
    return;
  }
  const key = JSON.stringify(path);
  const change = into.get(key) ?? { path, before: undefined, after: undefined };
  change[side] = value;
  into.set(key, change);
}

/** An item of a list on one side, the other, or both (the same item, perhaps edited). */
interface Pair {
  before?: number;
  after?: number;
}

/**
 * The items of two versions of a list, matched as a member reads them: by id where every item
 * has one (programs), else by being unchanged, keeping the most of them in order (a longest
 * common subsequence; lists hold a dozen items). Between two matched items, what is left on both
 * sides is the same places edited, and the rest was added or removed. So removing the second of
 * five stories is one story removed, not three changed and one removed.
 */
function align(before: readonly unknown[], after: readonly unknown[]): Pair[] {
  const byId = [...before, ...after].every((item) => isRecord(item) && typeof item.id === "string");
  const key = (item: unknown) => (byId && isRecord(item) ? String(item.id) : JSON.stringify(item));
  const was = before.map(key);
  const is = after.map(key);
  // common[i][j]: the longest run of items kept in order from was[i..] and is[j..].
  const common = Array.from({ length: was.length + 1 }, () =>
    new Array<number>(is.length + 1).fill(0),
  );
  for (let i = was.length - 1; i >= 0; i -= 1) {
    for (let j = is.length - 1; j >= 0; j -= 1) {
      common[i]![j] =
        was[i] === is[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const pairs: Pair[] = [];
  let gone: number[] = [];
  let added: number[] = [];
  // What lies between two kept items: places edited where both sides have one (never for ids:
  // another id is another program), then what only one side has.
  const closeGap = () => {
    const edited = byId ? 0 : Math.min(gone.length, added.length);
    for (let index = 0; index < edited; index += 1) {
      pairs.push({ before: gone[index], after: added[index] });
    }
    for (const index of gone.slice(edited)) pairs.push({ before: index });
    for (const index of added.slice(edited)) pairs.push({ after: index });
    gone = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < was.length || j < is.length) {
    if (i < was.length && j < is.length && was[i] === is[j]) {
      closeGap();
      pairs.push({ before: i, after: j });
      i += 1;
      j += 1;
    } else if (j >= is.length || (i < was.length && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      gone.push(i);
      i += 1;
    } else {
      added.push(j);
      j += 1;
    }
  }
  closeGap();
  return pairs;
}

function compare(before: unknown, after: unknown, path: FieldPath, into: Change[]) {
  if (Array.isArray(before) && Array.isArray(after)) {
    for (const pair of align(before, after)) {
      if (pair.before !== undefined && pair.after !== undefined) {
        compare(before[pair.before], after[pair.after], [...path, pair.after], into);
      } else if (pair.after !== undefined) {
        compare(undefined, after[pair.after], [...path, pair.after], into);
      } else if (pair.before !== undefined) {
        compare(before[pair.before], undefined, [...path, pair.before], into);
      }
    }
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
      compare(before[key], after[key], [...path, key], into);
    }
    return;
  }
  // A field on one side only, or of another shape on each: every field under either.
  const fields = new Map<string, Change>();
  leaves(after, path, fields, "after");
  leaves(before, path, fields, "before");
  for (const change of fields.values()) if (change.before !== change.after) into.push(change);
}

/**
 * Every field that differs between what the site shows and what would be published, in the
 * order the draft lists them, an item removed where it stood: what the publish button asks
 * about. An item added or removed is its fields, each from or to nothing; an item kept is named
 * by its place in the draft.
 */
export function changesBetween(before: unknown, after: unknown): Change[] {
  const changes: Change[] = [];
  compare(before, after, [], changes);
  return changes;
}

/** A change as a line of the publish dialog: the same field with the same two values. */
export const lineOf = (change: Change) =>
  JSON.stringify([change.path, change.before, change.after]);

/** The lines of `now` that `before` did not show: what a dialog read again marks as new. */
export function freshLines(before: readonly Change[], now: readonly Change[]): Set<string> {
  const shown = new Set(before.map(lineOf));
  return new Set(now.map(lineOf).filter((line) => !shown.has(line)));
}
