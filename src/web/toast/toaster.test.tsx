import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../tests/support/render-web.tsx";
import { createToastStore } from "./toast-store.ts";
import { Toaster } from "./toaster.tsx";

describe("<Toaster>", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const store = createToastStore();
    renderWeb(<Toaster store={store} />, { language: "en" });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    return { store, user };
  }

  it("shows the title and description once, in a live region, and closes after 5000 ms", async () => {
    const { store } = setup();
    act(() => {
      store.show({ title: "Success!", description: "Thank you for your message." });
    });
    expect(screen.getByText("Success!")).toBeVisible();
    expect(screen.getByText("Thank you for your message.")).toBeVisible();
    expect(screen.getByText("Success!").closest("[aria-live]")).toHaveAttribute(
      "aria-live",
      "polite",
    );
    await act(() => {
      vi.advanceTimersByTime(4900);
      return Promise.resolve();
    });
    expect(store.getSnapshot()[0]?.open).toBe(true);
    await act(() => {
      vi.advanceTimersByTime(200);
      return Promise.resolve();
    });
    expect(store.getSnapshot()[0]?.open).toBe(false);
    await act(() => {
      vi.advanceTimersByTime(1000);
      return Promise.resolve();
    });
    expect(screen.queryByText("Success!")).not.toBeInTheDocument();
  });

  it("announces failures assertively", () => {
    const { store } = setup();
    act(() => {
      store.show({ title: "Submission Failed", variant: "destructive" });
    });
    expect(screen.getByText("Submission Failed").closest("[aria-live]")).toHaveAttribute(
      "aria-live",
      "assertive",
    );
  });

  it("shows only the newest toast", () => {
    const { store } = setup();
    act(() => {
      store.show({ title: "First" });
      store.show({ title: "Second" });
    });
    expect(screen.queryByText("First")).not.toBeInTheDocument();
    expect(screen.getByText("Second")).toBeVisible();
  });

  it("waits while the pointer rests on it", async () => {
    const { store } = setup();
    act(() => {
      store.show({ title: "Read me" });
    });
    fireEvent.pointerEnter(screen.getByText("Read me"));
    await act(() => {
      vi.advanceTimersByTime(8000);
      return Promise.resolve();
    });
    expect(store.getSnapshot()[0]?.open).toBe(true);
  });

  it("closes on its close button", async () => {
    const { store, user } = setup();
    act(() => {
      store.show({ title: "Verification Failed", variant: "destructive" });
    });
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });

  it("closes on Escape", async () => {
    const { store, user } = setup();
    act(() => {
      store.show({ title: "Submission Failed", variant: "destructive" });
    });
    await user.keyboard("{Escape}");
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });

  it("closes when swiped right past 50 px, and not before", () => {
    const { store } = setup();
    act(() => {
      store.show({ title: "Swipe me" });
    });
    const card = screen.getByText("Swipe me").closest(".toast") as HTMLElement;
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 140, pointerId: 1 });
    expect(store.getSnapshot()[0]?.open).toBe(true);
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 160, pointerId: 1 });
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });
});
