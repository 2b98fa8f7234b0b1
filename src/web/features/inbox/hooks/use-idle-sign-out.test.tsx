import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { idleTimeoutMs, idleWarningMs, useIdleSignOut } from "./use-idle-sign-out.ts";

const minute = 60_000;

describe("signing out after 30 minutes without activity", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 30 minutes, then signs out once", () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(true, onIdle));
    expect(idleTimeoutMs).toBe(30 * minute);
    vi.advanceTimersByTime(30 * minute - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("counts from the last key, press or scroll", () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(true, onIdle));
    vi.advanceTimersByTime(20 * minute);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    vi.advanceTimersByTime(20 * minute);
    document.dispatchEvent(new Event("scroll"));
    vi.advanceTimersByTime(29 * minute);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("signs out as soon as a tab asleep past the limit is shown again", () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(true, onIdle));
    // A sleeping tab's timers do not run; its clock does.
    vi.setSystemTime(Date.now() + 31 * minute);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("does nothing while signed out, or once unmounted", () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleSignOut(false, onIdle));
    const { unmount } = renderHook(() => useIdleSignOut(true, onIdle));
    unmount();
    vi.advanceTimersByTime(60 * minute);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it("warns two minutes before, and only staying starts the time again", () => {
    const onIdle = vi.fn();
    const { result } = renderHook(() => useIdleSignOut(true, onIdle));
    expect(idleWarningMs).toBe(2 * minute);
    act(() => {
      vi.advanceTimersByTime(28 * minute - 1);
    });
    expect(result.current.warning).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.warning).toBe(true);
    // A hand moving towards the button does not dismiss the warning.
    window.dispatchEvent(new Event("pointermove"));
    act(() => result.current.stay());
    expect(result.current.warning).toBe(false);
    act(() => {
      vi.advanceTimersByTime(29 * minute);
    });
    expect(result.current.warning).toBe(true);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    act(() => {
      vi.advanceTimersByTime(minute);
    });
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(result.current.warning).toBe(false);
  });

  it("warns at once a tab that wakes within the last two minutes", () => {
    const onIdle = vi.fn();
    const { result } = renderHook(() => useIdleSignOut(true, onIdle));
    vi.setSystemTime(Date.now() + 29 * minute);
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(result.current.warning).toBe(true);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
