import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { errorForLog } from "../log.ts";
import { requestBudget } from "../rest/request-budget.ts";
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from "./buckets.ts";
import { storageClaims } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError, storageErrorOf, storageErrorResponse } from "./errors.ts";
import { limitJsonBody } from "./json-body.ts";
import { listObjects, listObjectsV2 } from "./object-list.ts";
import { copyObject, moveObject } from "./object-move.ts";
import { objectInfo, readObject } from "./object-read.ts";
import { removeObject, removeObjects } from "./object-remove.ts";
import { uploadObject, uploadToSignedUrl } from "./object-write.ts";
import { renderImage } from "./render-image.ts";
import { signUploadUrl, signUrl, signUrls } from "./signed-urls.ts";

const object = "/object/:bucket/:name{.+}";

/** GET and HEAD of public objects and signed URLs (and their image renders): no API key needed. */
export function isKeylessStorageRead(method: string, path: string): boolean {
  return (
    (method === "GET" || method === "HEAD") &&
    /^\/storage\/v1\/(object|render\/image)\/(public|sign)\//u.test(path)
  );
}

/**
 * /storage/v1: Supabase Storage's API as storage-js calls it. The routes with a fixed first
 * segment (public, sign, info, ...) come before `/object/:bucket/...`, which would take them too.
 */
export function storageRoutes(deps: StorageDependencies): Hono<AppEnv> {
  const storage = new Hono<AppEnv>();
  storage.use(storageClaims(deps.secret));
  // Photos read by their address (a page's <img>, a signed link) are not counted: a school or a
  // carrier's shared address would lose its photos past the budget. Renders keep their own bounds.
  const budget = requestBudget(deps.requestsPerMinute, storageError.overBudget, "storage");
  storage.use((c, next) =>
    isKeylessStorageRead(c.req.method, c.req.path) ? next() : budget(c, next),
  );
  const json = limitJsonBody();

  storage.get("/bucket", listBuckets(deps));
  storage.post("/bucket", json, createBucket(deps));
  storage.get("/bucket/:bucket", getBucket(deps));
  storage.put("/bucket/:bucket", json, updateBucket(deps));
  storage.post("/bucket/:bucket/empty", json, emptyBucket(deps));
  storage.delete("/bucket/:bucket", deleteBucket(deps));

  storage.post("/object/list/:bucket", json, listObjects(deps));
  storage.post("/object/list-v2/:bucket", json, listObjectsV2(deps));
  storage.post("/object/move", json, moveObject(deps));
  storage.post("/object/copy", json, copyObject(deps));

  storage.on(["GET", "HEAD"], "/object/public/:bucket/:name{.+}", readObject(deps, "public"));
  storage.on(
    ["GET", "HEAD"],
    "/object/authenticated/:bucket/:name{.+}",
    readObject(deps, "authenticated"),
  );
  storage.get("/object/info/public/:bucket/:name{.+}", objectInfo(deps, "public"));
  storage.get("/object/info/authenticated/:bucket/:name{.+}", objectInfo(deps, "authenticated"));
  storage.get("/object/info/:bucket/:name{.+}", objectInfo(deps, "authenticated"));

  storage.on(["GET", "HEAD"], "/object/sign/:bucket/:name{.+}", readObject(deps, "sign"));
  storage.post("/object/sign/:bucket/:name{.+}", json, signUrl(deps));
  storage.post("/object/sign/:bucket", json, signUrls(deps));
  storage.post("/object/upload/sign/:bucket/:name{.+}", json, signUploadUrl(deps));
  storage.put("/object/upload/sign/:bucket/:name{.+}", uploadToSignedUrl(deps));

  storage.get("/render/image/public/:bucket/:name{.+}", renderImage(deps, "public"));
  storage.get("/render/image/authenticated/:bucket/:name{.+}", renderImage(deps, "authenticated"));
  storage.get("/render/image/sign/:bucket/:name{.+}", renderImage(deps, "sign"));

  storage.on(["GET", "HEAD"], object, readObject(deps, "authenticated"));
  storage.post(object, uploadObject(deps, "POST"));
  storage.put(object, uploadObject(deps, "PUT"));
  storage.delete(object, removeObject(deps));
  storage.delete("/object/:bucket", json, removeObjects(deps));

  storage.all("*", (c) => {
    throw storageError.notFound(c.req.method, c.req.path);
  });
  storage.onError((error, c) => {
    const known = storageErrorOf(error);
    if (known && known.status < 500) return storageErrorResponse(known, c);
    deps.log.error("storage request failed", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: errorForLog(error),
    });
    return storageErrorResponse(known ?? storageError.internal(), c);
  });
  return storage;
}
