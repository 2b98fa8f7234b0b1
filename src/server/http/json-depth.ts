/** Deeper values are refused: no column of ours needs them, and serialising one recursively
 * (JSON.stringify) would exhaust the stack. */
export const maxJsonDepth = 64;

/** Whether `value` nests deeper than `limit`, measured without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
