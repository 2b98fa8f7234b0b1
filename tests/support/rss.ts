import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// Buffers already let go of are freed at V8's next collection, which may come late: collected
// before each sample, the peak is what the process holds, not what it has yet to free.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** How far the resident set size rose above where it was while `work` ran, sampled every 20 ms. */
export async function rssGrowth<T>(work: () => Promise<T>): Promise<{ growth: number; value: T }> {
  collectGarbage();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    collectGarbage();
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const value = await work();
    return { growth: Math.max(peak, process.memoryUsage.rss()) - before, value };
  } finally {
    clearInterval(sampler);
  }
}
