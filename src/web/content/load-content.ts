import { use } from "react";
import type { Language } from "../../shared/language.ts";
import type { Content } from "./types.ts";

// Each language's strings are a module of their own, so a page's first-view scripts carry its
// own language only (the build names the chunks `content-ar` and `content-en`, and the page's
// loader fetches its language's chunk beside the app: src/shared/defer-app-script.js). The other
// language loads when the visitor switches.

const importers: Record<Language, () => Promise<Content>> = {
  ar: () => import("./ar.ts").then((module) => module.ar),
  en: () => import("./en.ts").then((module) => module.en),
};

/** A promise React's use() reads at once once settled, as it does the promises it tracks. */
type Tracked = Promise<Content> & { status?: "fulfilled"; value?: Content };

const requests = new Map<Language, Tracked>();

function requestContent(language: Language): Tracked {
  let request = requests.get(language);
  if (!request) {
    const started: Tracked = importers[language]().then(
      (content) => {
        started.status = "fulfilled";
        started.value = content;
        return content;
      },
      (error: unknown) => {
        requests.delete(language);
        throw error;
      },
    );
    request = started;
    requests.set(language, request);
  }
  return request;
}

/** Loads a language's strings once; a failed load (a lost connection) may be tried again. */
export function loadContent(language: Language): Promise<Content> {
  return requestContent(language);
}

/** Whether the language's strings are here, so that a change to it can be shown at once. */
export function isContentLoaded(language: Language): boolean {
  return requests.get(language)?.value !== undefined;
}

/**
 * The language's strings, suspending until they arrive. The browser loads the page's language
 * before it hydrates and the other before it switches, so only prerendering waits here.
 */
export function useContentFor(language: Language): Content {
  const request = requestContent(language);
  return request.value ?? use(request as PromiseLike<Content>);
}
