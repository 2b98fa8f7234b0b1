import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadContent } from "../content/load-content.ts";
import { initialLanguage } from "../language/initial-language.ts";
import { appRootId } from "../lib/document-head.ts";
import { answerPressesNativelyUntilHydrated, HydrationShell } from "../lib/hydration-parts.tsx";

// Every page arrives prerendered and works as plain HTML: links, the menu, the program cards
// and the forms answer without the app (docs/decisions/0017). The app's scripts arrive after
// the first paint (scripts/defer-app-script.mjs) and hydrate at once, in a transition, so
// React hydrates in slices; until it has finished, a tap is answered by the page itself.

const container = document.getElementById(appRootId);
if (!container) throw new Error(`The page has no #${appRootId} to hydrate`);
// The page's strings (fetched beside this script) are there before hydration reads them.
void loadContent(initialLanguage(location.pathname)).then(() => {
  answerPressesNativelyUntilHydrated(container);
  startTransition(() => {
    hydrateRoot(
      container,
      <HydrationShell>
        <HydratedRouter />
      </HydrationShell>,
    );
  });
});
