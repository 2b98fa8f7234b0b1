import { useEffect, useRef } from "react";

/** A session left alone this long signs itself out. */
export const idleTimeoutMs = 30 * 60 * 1000;

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
 * `active`. Time is read from the clock, not counted by the timer, so a tab the browser put to
 * sleep still signs out as soon as it wakes.
 */
export function useIdleSignOut(active: boolean, onIdle: () => void, timeoutMs = idleTimeoutMs) {
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  });

  useEffect(() => {
    if (!active) return;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const check = () => {
      if (done) return;
      const remaining = lastActivity + timeoutMs - Date.now();
      if (remaining <= 0) {
        done = true;
        idle.current();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(check, remaining);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };

    for (const type of activity) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    document.addEventListener("visibilitychange", onVisible);
    check();
    return () => {
      done = true;
      clearTimeout(timer);
      for (const type of activity) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [active, timeoutMs]);
}
