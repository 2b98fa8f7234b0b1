// The closest match PostgREST names in its hints ("Perhaps you meant …"): the fuzzyset library's
// getOne with its defaults. Entries sharing n-grams (3, else 2) with the wanted text are ranked by
// cosine similarity, the first 50 re-scored by normalised Levenshtein distance, and the best
// scoring at least 0.33 (getOne; getOneWithMinScore asks for more) wins; an entry equal but for
// case wins outright.

const defaultMinimum = 0.33;
const candidates = 50;

function grams(text: string, size: number): Map<string, number> {
  const padded = `-${text.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, "")}-`;
  const counts = new Map<string, number>();
  const characters = [...padded];
  for (let start = 0; start + size <= characters.length; start += 1) {
    const gram = characters.slice(start, start + size).join("");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function magnitude(vector: Map<string, number>): number {
  return Math.sqrt([...vector.values()].reduce((sum, count) => sum + count * count, 0));
}

function levenshtein(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** One less the edit distance over the longer length, by code points. */
export function similarity(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const longest = Math.max(left.length, right.length);
  return longest === 0 ? 1 : 1 - levenshtein(left, right) / longest;
}

function matchesOfSize(wanted: string, entries: string[], size: number, minimum: number): string[] {
  const query = grams(wanted, size);
  const queryMagnitude = magnitude(query);
  const ranked: { entry: string; score: number }[] = [];
  for (const entry of entries) {
    const vector = grams(entry, size);
    let dot = 0;
    for (const [gram, count] of query) dot += count * (vector.get(gram) ?? 0);
    if (dot > 0) ranked.push({ entry, score: dot / (queryMagnitude * magnitude(vector)) });
  }
  return ranked
    .sort((a, b) => b.score - a.score)
    .slice(0, candidates)
    .map(({ entry }) => ({ entry, score: similarity(wanted, entry.toLowerCase()) }))
    .sort((a, b) => b.score - a.score)
    .filter(({ score }) => score >= minimum)
    .map(({ entry }) => entry);
}

/** The entry of `names` PostgREST would suggest for `wanted`, if any, scoring at least `minimum`. */
export function closestMatch(
  wanted: string,
  names: Iterable<string>,
  minimum = defaultMinimum,
): string | undefined {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  const key = wanted.toLowerCase();
  const exact = byKey.get(key);
  if (exact !== undefined) return exact;
  const entries = [...byKey.values()];
  for (const size of [3, 2]) {
    const found = matchesOfSize(key, entries, size, minimum)[0];
    if (found !== undefined) return found;
  }
  return undefined;
}
