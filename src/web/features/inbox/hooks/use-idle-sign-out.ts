import { useCallback, useEffect, useRef, useState } from "react";

/** A session left alone this long signs itself out. */
export const idleTimeoutMs = 30 * 60 * 1000;
/** How long before that the member is warned, and may stay. */
export const idleWarningMs = 2 * 60 * 1000;

const activity = [
  "pointerdown",
  "pointermove",
  "keydown",
  "wheel",
  "touchstart",
  "scroll",
] as const;

/**
 * Calls `onIdle` once nothing has been pressed, typed, moved or scrolled for `timeoutMs` while
 * `active`, and raises `warning` `idleWarningMs` before. Once warned, only `stay` starts the time
 * again: a hand moving the mouse towards the warning's button must not dismiss it. Time is read
 * from the clock, not counted by the timer, so a tab the browser put to sleep still signs out as
 * soon as it wakes.
 */
export function useIdleSignOut(
  active: boolean,
  onIdle: () => void,
  timeoutMs = idleTimeoutMs,
): { warning: boolean; stay: () => void } {
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  });
  const [warning, setWarning] = useState(false);
  const restart = useRef<() => void>(() => {});

  if (!active && warning) setWarning(false);

  useEffect(() => {
    if (!active) return;
    let lastActivity = Date.now();
    let warned = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const warn = (on: boolean) => {
      warned = on;
      setWarning(on);
    };
    const check = () => {
      if (done) return;
      const remaining = lastActivity + timeoutMs - Date.now();
      clearTimeout(timer);
      if (remaining <= 0) {
        done = true;
        warn(false);
        idle.current();
        return;
      }
      if (remaining <= idleWarningMs && !warned) warn(true);
      timer = setTimeout(check, warned ? remaining : remaining - idleWarningMs);
    };
    const onActivity = () => {
      if (!warned) lastActivity = Date.now();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    restart.current = () => {
      lastActivity = Date.now();
      warn(false);
      check();
    };

    for (const type of activity) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    document.addEventListener("visibilitychange", onVisible);
    check();
    return () => {
      done = true;
      clearTimeout(timer);
      restart.current = () => {};
      for (const type of activity) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [active, timeoutMs]);

  const stay = useCallback(() => restart.current(), []);
  return { warning, stay };
}
