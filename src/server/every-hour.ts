const hour = 60 * 60 * 1000;

/**
 * Runs `run` once after `firstAfterMs` and every hour after, on timers that never keep the
 * process alive; answers how to stop it.
 */
export function everyHour(run: () => void, firstAfterMs: number): () => void {
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, hour);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
