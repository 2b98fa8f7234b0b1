import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, it, vi } from "vitest";
import { appRootId } from "./document-element.ts";
import { answerPressesNativelyUntilHydrated, HydrationPart, HydrationShell } from "./wake-up.tsx";

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
