import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FrameGuard } from "./frame-guard.tsx";

function BrokenFrame(): never {
  throw new Error("the header could not render");
}

describe("<FrameGuard>", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows its children while they render", () => {
    render(
      <FrameGuard fallback={<p>error screen alone</p>}>
        <p>frame and error screen</p>
      </FrameGuard>,
    );
    expect(screen.getByText("frame and error screen")).toBeVisible();
  });

  it("shows the error screen without the frame when the frame itself fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <FrameGuard fallback={<p>error screen alone</p>}>
        <BrokenFrame />
      </FrameGuard>,
    );
    expect(screen.getByText("error screen alone")).toBeVisible();
  });
});
