/**
 * Runs `task` once the browser is idle, so that a frame being prepared is painted first, and
 * within a third of a second whatever else comes. (Safari has no idle callbacks: a short timer.)
 */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 300 });
  else setTimeout(task, 50);
}
