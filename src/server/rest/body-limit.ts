import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/context.ts";
import { restError } from "./errors.ts";

/**
 * Refuses bodies over `maxSize` with `tooLarge` (the REST API's error unless another API's). A request that declares its length is judged by it (Node reads
 * no further); only one without is counted as it streams. hono/body-limit opens every request's
 * body as a web stream to look, which costs more than the rest of a GET.
 */
export function limitBody(
  maxSize: number,
  tooLarge: () => Error = () => restError.bodyTooLarge(maxSize),
): MiddlewareHandler<AppEnv> {
  const streaming = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge();
    },
  });
  return async (c, next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(length) > maxSize) throw tooLarge();
      return next();
    }
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return streaming(c, next);
  };
}
