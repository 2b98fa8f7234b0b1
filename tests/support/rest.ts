import { vi } from "vitest";
import type { TestServer } from "./test-server.ts";

export interface RestCall {
  method?: string;
  /** Sent as JSON, with its content type. */
  body?: unknown;
  /** The Authorization header's token; none when undefined. */
  bearer?: string | undefined;
  headers?: Record<string, string>;
}

export interface RestAnswer {
  status: number;
  headers: Headers;
  /** The body as JSON (each test reads its own shape); null when empty. */
  body: ReturnType<typeof JSON.parse>;
}

/**
 * One request to the server in process, as a client sends it: the anon key as apikey, the
 * bearer's token, a JSON body; the answer's JSON read back. The REST suites' one way to call.
 */
export async function restRequest(
  server: TestServer,
  path: string,
  { method = "GET", body, bearer, headers }: RestCall = {},
): Promise<RestAnswer> {
  const response = await server.app.request(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      apikey: server.keys.anon,
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, body: parsed };
}

/** How many statements the server sent its database while `work` ran, and what `work` answered. */
export async function statementsDuring<T>(
  server: TestServer,
  work: () => Promise<T>,
): Promise<{ answer: T; statements: number }> {
  const spies = [
    vi.spyOn(server.db, "query"),
    vi.spyOn(server.db, "queryAs"),
    vi.spyOn(server.db, "transaction"),
  ];
  try {
    const answer = await work();
    return { answer, statements: spies.reduce((total, spy) => total + spy.mock.calls.length, 0) };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
