import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, toastLimit } from "./toast-store.ts";

describe("the toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows one toast at a time: a new one replaces the last", () => {
    const store = createToastStore();
    store.show({ title: "First" });
    store.show({ title: "Second", variant: "destructive" });
    expect(toastLimit).toBe(1);
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ title: "Second", variant: "destructive", open: true }),
    ]);
  });

  it("closes a dismissed toast, then removes it once its exit has played", () => {
    const store = createToastStore();
    const id = store.show({ title: "Bye" });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("tells subscribers about every change", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ title: "Hi" });
    store.dismiss(id);
    unsubscribe();
    store.show({ title: "Unheard" });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("closes every open toast at once, each played out as a dismissed one is", () => {
    const store = createToastStore();
    store.show({ title: "Wrong code", variant: "destructive" });
    store.dismissAll();
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ open: false })]);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot()).toEqual([]);
    store.dismissAll();
    expect(store.getSnapshot()).toEqual([]);
  });
});
