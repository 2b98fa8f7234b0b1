import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { limitBody } from "./body-limit.ts";
import type { RestDependencies } from "./dependencies.ts";
import { errorForLog } from "../log.ts";
import { restError, restErrorResponse } from "./errors.ts";
import { deleteRows } from "./delete.ts";
import { insertRows } from "./insert.ts";
import { putRow } from "./put.ts";
import { requestBudget } from "./request-budget.ts";
import { requestClaims } from "./request-claims.ts";
import { callFunction } from "./rpc.ts";
import { readRows } from "./read.ts";
import { updateRows } from "./update.ts";

export const restBodyLimit = 64 * 1024;

/** /rest/v1: the PostgREST subset the site and the team's tools use. */
export function restRoutes(deps: RestDependencies): Hono<AppEnv> {
  const rest = new Hono<AppEnv>();
  rest.use(limitBody(restBodyLimit));
  rest.use(requestClaims(deps.secret));
  rest.use(requestBudget(deps.requestsPerMinute ?? 0));
  rest.all("/rpc/:function", callFunction(deps));
  rest.on(["GET", "HEAD"], "/:table", readRows(deps));
  rest.post("/:table", insertRows(deps));
  rest.patch("/:table", updateRows(deps));
  rest.delete("/:table", deleteRows(deps));
  rest.put("/:table", putRow(deps));
  rest.all("*", () => {
    throw restError.unknownTable(deps.schema.schemas[0] ?? "public", "");
  });
  rest.onError((error, c) => {
    const response = restErrorResponse(error, c);
    // Logged here, once, with what caused it: the client's answer says only what PostgREST's
    // would. Anything restErrorResponse throws on is logged by the app's own handler.
    if (response.status >= 500) {
      deps.log.error("request failed", {
        request_id: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: response.status,
        error: errorForLog(error.cause ?? error),
      });
    }
    return response;
  });
  return rest;
}
