import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// Buffers already let go of are freed at V8's next collection, which may come late: collected
// before a high sample is kept, the peak is what the process holds, not what it has yet to free.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Samples below this rise are kept as they are: what is still to be freed only adds to them. */
const collectAbove = 8 * 1024 * 1024;

/**
 * How far the resident set size rose above where it was while `work` ran, sampled every 20 ms.
 * A sample more than 8 MB above the start is taken again after a full collection, so garbage
 * does not count; a lower one is kept as it is, which can only make the peak higher. (Collecting
 * before every sample, as this once did, cost a minute of a core for a 50 MB upload.)
 */
export async function rssGrowth<T>(work: () => Promise<T>): Promise<{ growth: number; value: T }> {
  collectGarbage();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = () => {
    let rss = process.memoryUsage.rss();
    if (rss - before > collectAbove) {
      collectGarbage();
      rss = process.memoryUsage.rss();
    }
    peak = Math.max(peak, rss);
  };
  const sampler = setInterval(sample, 20);
  try {
    const value = await work();
    return { growth: Math.max(peak, process.memoryUsage.rss()) - before, value };
  } finally {
    clearInterval(sampler);
  }
}
