import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

const enclosing = new AsyncLocalStorage<string>();

/**
 * A fresh id for every request, in the request's log line and in any error logged while it
 * ran, and sent back as `X-Request-Id`: a visitor's report of a failure ("it said error 500")
 * leads to its log lines. Never taken from the client, whose header could forge log lines.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A request the server makes of itself while answering one (a form posted without scripts
    // goes through the REST API's insert) carries the id of the request it serves.
    const id = enclosing.getStore() ?? randomUUID();
    c.set("requestId", id);
    await enclosing.run(id, next);
    try {
      c.res.headers.set("X-Request-Id", id);
    } catch {
      // A response whose headers cannot change (a fetched one) goes out without it.
    }
  };
}
