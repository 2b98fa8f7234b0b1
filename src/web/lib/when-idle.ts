/**
 * Runs `task` once the browser is idle, so that a frame being prepared is painted first, and
 * within a third of a second whatever else comes. (Safari has no idle callbacks: a short timer.)
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: 300 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` once the page has fetched nothing for `quietMs` (no resource finished: the page's
 * own first view is over), and then when the browser is idle. Without resource timing, after
 * `quietMs`.
 */
export function whenQuiet(quietMs: number, task: () => void): void {
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    observer?.disconnect();
    whenIdle(task);
  };
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(done, quietMs);
  };
  if (
    typeof PerformanceObserver === "function" &&
    PerformanceObserver.supportedEntryTypes.includes("resource")
  ) {
    observer = new PerformanceObserver(wait);
    observer.observe({ type: "resource" });
  }
  wait();
}
