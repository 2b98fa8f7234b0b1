import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { IdleWarning } from "./idle-warning.tsx";

function renderWarning(language: "ar" | "en") {
  const onStay = vi.fn();
  const onSignOut = vi.fn();
  renderWeb(
    <>
      <button type="button">before</button>
      <IdleWarning onStay={onStay} onSignOut={onSignOut} />
    </>,
    { language },
  );
  return { onStay, onSignOut, user: userEvent.setup() };
}

describe("<IdleWarning>", () => {
  it("is an alert dialog, focused on staying, that Escape also answers", async () => {
    const { onStay, user } = renderWarning("en");
    const dialog = screen.getByRole("alertdialog", { name: "Are you still there?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription(/signed out within two minutes/u);
    expect(screen.getByRole("button", { name: "Stay signed in" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(onStay).toHaveBeenCalledTimes(1);
  });

  it("keeps Tab between its two buttons, in Arabic", async () => {
    const { onSignOut, user } = renderWarning("ar");
    expect(screen.getByRole("alertdialog", { name: "هل ما زلت هنا؟" })).toBeVisible();
    const stay = screen.getByRole("button", { name: "أبقِني مسجّل الدخول" });
    const signOut = screen.getByRole("button", { name: "سجّل خروجي الآن" });
    await user.tab();
    expect(signOut).toHaveFocus();
    await user.tab();
    expect(stay).toHaveFocus();
    await user.tab({ shift: true });
    expect(signOut).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("gives focus back where it was when it closes", () => {
    const outside = document.createElement("button");
    document.body.append(outside);
    outside.focus();
    const { unmount } = renderWeb(<IdleWarning onStay={() => {}} onSignOut={() => {}} />);
    expect(outside).not.toHaveFocus();
    unmount();
    expect(outside).toHaveFocus();
    outside.remove();
  });
});
