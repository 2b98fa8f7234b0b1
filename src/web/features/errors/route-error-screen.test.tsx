import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../tests/support/render-web.tsx";
import { RouteErrorScreen } from "./route-error-screen.tsx";

// The shape React Router gives a route error thrown as a response.
const notFoundResponse = { status: 404, statusText: "Not Found", internal: false, data: null };

describe("<RouteErrorScreen>", () => {
  it("heads the screen and shows the error's message", () => {
    renderWeb(<RouteErrorScreen error={new Error("The programs could not be shown")} />, {
      language: "en",
    });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Unexpected Application Error",
    );
    expect(screen.getByText("The programs could not be shown")).toBeVisible();
    // An English page links to English pages.
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/en");
  });

  it("shows a response's status, in Arabic", () => {
    renderWeb(<RouteErrorScreen error={notFoundResponse} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("خطأ غير متوقع في التطبيق");
    expect(screen.getByText("رمز الخطأ ٤٠٤")).toBeVisible();
    expect(document.title).toBe("خطأ غير متوقع | كلمة");
  });
});
