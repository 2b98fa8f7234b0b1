import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, it, vi } from "vitest";
import { loadContent } from "../content/load-content.ts";
import { appRootId } from "./document-element.ts";
import {
  answerPressesNativelyUntilHydrated,
  HydrationPart,
  HydrationShell,
  wakeUp,
} from "./wake-up.tsx";

// The router itself needs the context a built page carries; the app it hydrates is not what
// these tests check.
const routerHydrated = vi.fn();
vi.mock("react-router/dom", () => ({
  HydratedRouter: function HydratedRouter() {
    routerHydrated();
    return null;
  },
}));
vi.mock(import("../content/load-content.ts"), async (importOriginal) => ({
  ...(await importOriginal()),
  loadContent: vi.fn(),
}));

it("leaves a press to the page until the page has hydrated whole, then to the app", async () => {
  const pressed = vi.fn();
  const page = (
    <HydrationShell>
      <HydrationPart>
        <button type="button" onClick={pressed}>
          Open
        </button>
      </HydrationPart>
    </HydrationShell>
  );
  const container = document.createElement("div");
  container.id = appRootId;
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const button = container.querySelector("button")!;

  answerPressesNativelyUntilHydrated(container);
  startTransition(() => {
    hydrateRoot(container, page);
  });
  // A press on a part React has not reached would make it hydrate that part at once, holding
  // the press's own answer (a card unfolding, a link followed) behind it.
  button.click();
  expect(pressed).not.toHaveBeenCalled();

  await vi.waitFor(() => expect(container).toHaveAttribute("data-hydrated"));
  button.click();
  expect(pressed).toHaveBeenCalledTimes(1);
});

it("tries again when the page's strings did not arrive, and hydrates once they do", async () => {
  document.getElementById(appRootId)?.remove();
  const container = document.createElement("div");
  container.id = appRootId;
  document.body.append(container);
  const load = vi.mocked(loadContent);
  load.mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
  load.mockResolvedValue({} as Awaited<ReturnType<typeof loadContent>>);

  const listen = vi.spyOn(window, "addEventListener");
  wakeUp();
  // The failure has been met once the page waits for the connection: nothing tried again, and
  // nothing hydrated, before it is back.
  await vi.waitFor(() =>
    expect(listen).toHaveBeenCalledWith("online", expect.any(Function), { once: true }),
  );
  listen.mockRestore();
  expect(load).toHaveBeenCalledTimes(1);
  expect(routerHydrated).not.toHaveBeenCalled();

  window.dispatchEvent(new Event("online"));
  await vi.waitFor(() => expect(routerHydrated).toHaveBeenCalled());
  expect(load).toHaveBeenCalledTimes(2);
  container.remove();
});
