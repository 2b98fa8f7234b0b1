/**
 * Reads the calls a test's fetch mock received: its address and JSON body, typed, so tests
 * assert on them without `any`.
 */

/** The address a fetch was called with, whether it came as a string, a URL or a Request. */
export function requestUrl(input: RequestInfo | URL | undefined): string {
  if (input === undefined) return "";
  if (typeof input === "string") return input;
  return input instanceof Request ? input.url : input.href;
}

/** The JSON body a fetch was called with, as the type the test expects. */
export function jsonBody<T = Record<string, unknown>>(init: RequestInit | undefined): T {
  if (typeof init?.body !== "string") throw new Error("the request carries no JSON text body");
  return JSON.parse(init.body) as T;
}
