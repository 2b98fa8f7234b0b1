import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../tests/support/render-web.tsx";
import { SiteFooter } from "./site-footer.tsx";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("<SiteFooter>'s social profiles", () => {
  it("links only the profiles the build configures, each in a new tab", () => {
    vi.stubEnv("VITE_LINK_INSTAGRAM", "https://www.instagram.com/kalima.example");
    vi.stubEnv("VITE_LINK_FACEBOOK", " https://www.facebook.com/kalima.example ");
    renderWeb(<SiteFooter />, { language: "en" });

    const profiles = screen.getByRole("heading", { name: "Follow us" }).nextElementSibling;
    if (!(profiles instanceof HTMLElement)) throw new Error("no list after the heading");
    const links = within(profiles).getAllByRole("link");
    expect(
      links.map((link) => [link.getAttribute("aria-label"), link.getAttribute("href")]),
    ).toEqual([
      ["Instagram", "https://www.instagram.com/kalima.example"],
      ["Facebook", "https://www.facebook.com/kalima.example"],
    ]);
    for (const link of links) expect(link).toHaveAttribute("target", "_blank");
  });

  it("shows neither the heading nor a link when no profile is configured", () => {
    renderWeb(<SiteFooter />, { language: "en" });

    expect(screen.queryByRole("heading", { name: "Follow us" })).not.toBeInTheDocument();
    expect(
      screen.queryByRole("link", { name: /Instagram|Facebook|TikTok|YouTube|^X/u }),
    ).toBeNull();
  });
});
