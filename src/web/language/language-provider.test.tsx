import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, useLocation } from "react-router";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { renderWeb } from "../../../tests/support/render-web.tsx";
import { PageMeta } from "../components/layout/page-meta.tsx";
import { LanguageSwitch } from "../components/layout/language-switch.tsx";
import { useLanguage } from "./use-language.ts";

function Probe() {
  const { language, direction, content } = useLanguage();
  const { pathname } = useLocation();
  return (
    <p data-testid="probe">
      {language} {direction} {content.nav.contact} {pathname}
    </p>
  );
}

function meta(selector: string) {
  return document.head.querySelector(selector)?.getAttribute("content");
}

describe("language", () => {
  it("starts in Arabic, right to left, with Arabic metadata", () => {
    renderWeb(
      <>
        <PageMeta page="contact" />
        <Probe />
      </>,
      { path: "/contact" },
    );
    expect(screen.getByTestId("probe")).toHaveTextContent("ar rtl تواصل معنا");
    expect(document.title).toBe("تواصل معنا | كلمة");
    expect(meta('meta[property="og:locale"]')).toBe("ar_AR");
    expect(meta('meta[name="description"]')).toMatch(/فريق كلمة/u);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://kalima.example/contact",
    );
  });

  it("switches every string, the direction and the metadata, and remembers the choice", async () => {
    const user = userEvent.setup();
    renderWeb(
      <>
        <PageMeta page="contact" />
        <Probe />
        <LanguageSwitch />
      </>,
      { path: "/contact" },
    );
    const toEnglish = screen.getByRole("link", { name: "English" });
    expect(toEnglish).toHaveAttribute("lang", "en");
    expect(toEnglish).toHaveAttribute("href", "/en/contact?language=en");
    await user.click(toEnglish);

    // The page answers the press at once; its address follows when the page is idle.
    expect(screen.getByTestId("probe")).toHaveTextContent("en ltr Contact Us /contact");
    await waitFor(() =>
      expect(screen.getByTestId("probe")).toHaveTextContent("en ltr Contact Us /en/contact"),
    );
    expect(document.title).toBe("Contact Us | Kalima");
    expect(meta('meta[property="og:title"]')).toBe("Contact Us | Kalima");
    expect(meta('meta[property="og:locale"]')).toBe("en_US");
    expect(window.localStorage.getItem("kalima-language")).toBe("en");
    expect(document.cookie).toContain("kalima-language=en");

    const toArabic = screen.getByRole("link", { name: "العربية" });
    expect(toArabic).toHaveAttribute("lang", "ar");
    expect(toArabic).toHaveAttribute("href", "/contact?language=ar");
    await user.click(toArabic);
    expect(screen.getByTestId("probe")).toHaveTextContent("ar rtl تواصل معنا /en/contact");
    await waitFor(() =>
      expect(screen.getByTestId("probe")).toHaveTextContent("ar rtl تواصل معنا /contact"),
    );
    expect(document.title).toBe("تواصل معنا | كلمة");
    expect(window.localStorage.getItem("kalima-language")).toBe("ar");
  });

  it("moves the address to the page shown when it follows a switch, not the one pressed on", async () => {
    // The address moves when the page is idle (a timer here): the clock is run out below
    // rather than waited for.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWeb(
      <>
        <Probe />
        <LanguageSwitch />
        <Link to="/en/about">About</Link>
      </>,
      { path: "/contact" },
    );
    await user.click(screen.getByRole("link", { name: "English" }));
    expect(screen.getByTestId("probe")).toHaveTextContent("en ltr Contact Us /contact");
    // A link followed before the address has caught up with the switch.
    await user.click(screen.getByRole("link", { name: "About" }));
    await waitFor(() => expect(window.location.pathname).toBe("/en/about"));
    // Every move still waiting for idle time runs now: none takes the address back.
    await act(() => vi.runAllTimersAsync());
    expect(window.location.pathname).toBe("/en/about");
    expect(screen.getByTestId("probe")).toHaveTextContent("en ltr Contact Us /en/about");
  });

  it("applies a remembered choice after hydrating a page served in the default language", async () => {
    window.localStorage.setItem("kalima-language", "en");
    renderWeb(<Probe />, { path: "/about" });
    await waitFor(() => expect(screen.getByTestId("probe")).toHaveTextContent("en ltr"));
    expect(screen.getByTestId("probe")).toHaveTextContent("/en/about");
  });

  it("puts the language our server chose from the cookie into the address", async () => {
    document.cookie = "kalima-language=en; Path=/";
    renderWeb(<Probe />, { language: "en", path: "/about" });
    await waitFor(() =>
      expect(screen.getByTestId("probe")).toHaveTextContent("en ltr Contact Us /en/about"),
    );
  });

  it("records a choice the switch's link carried, and leaves it out of the address", async () => {
    window.localStorage.setItem("kalima-language", "en");
    renderWeb(<Probe />, { path: "/about?language=ar" });
    await waitFor(() => expect(window.localStorage.getItem("kalima-language")).toBe("ar"));
    expect(document.cookie).toContain("kalima-language=ar");
    expect(screen.getByTestId("probe")).toHaveTextContent("ar rtl تواصل معنا /about");
  });

  it("keeps out of <head> what the not-found page should not index", () => {
    renderWeb(<PageMeta page="notFound" indexable={false} />, { language: "en", path: "/nope" });
    expect(document.title).toBe("Page Not Found | Kalima");
    expect(meta('meta[name="robots"]')).toBe("noindex");
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});
