import type { Context, Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import { appliedTransformations, parseTransformQuery } from "./images/transform.ts";
import { findReadableObject, serveObject, type ReadAccess } from "./read-object.ts";

export type ReadRoute = "authenticated" | "public" | "sign";

/** How a read through `route` is let through; the image routes read by the same rules. */
export function readAccessOf(
  c: Context<AppEnv>,
  deps: StorageDependencies,
  route: ReadRoute,
): ReadAccess {
  if (route === "public") return { kind: "public" };
  if (route === "sign") {
    const token = c.req.query("token");
    if (!token) throw storageError.invalidBody("querystring must have required property 'token'");
    return { kind: "signed", token };
  }
  return { kind: "policies", role: storageRole(c, deps) };
}

/**
 * A HEAD's or an info's transform query, checked by the render's schema and named back in
 * `X-Transformations` as Supabase's head and info renderers do; the bytes are never rendered.
 */
function setTransformations(c: Context<AppEnv>): void {
  const transformations = appliedTransformations(
    parseTransformQuery(new URL(c.req.url).searchParams),
  );
  if (transformations) c.header("X-Transformations", transformations);
}

/** GET and HEAD of /object/:bucket/:name, /object/authenticated/..., /object/public/..., /object/sign/... */
export function readObject(deps: StorageDependencies, route: ReadRoute): Handler<AppEnv> {
  return async (c) => {
    const head = c.req.method === "HEAD";
    // Supabase's signed read has no HEAD of its own: it is the GET's, which reads no transform.
    if (head && route !== "sign") setTransformations(c);
    const found = await findReadableObject(
      deps,
      readAccessOf(c, deps, route),
      c.req.param("bucket") ?? "",
      c.req.param("name") ?? "",
    );
    return serveObject(c, deps, found, { head });
  };
}

/** GET /object/info/:bucket/:name (and info/public, info/authenticated): the object's details. */
export function objectInfo(deps: StorageDependencies, route: ReadRoute): Handler<AppEnv> {
  return async (c) => {
    setTransformations(c);
    const { object } = await findReadableObject(
      deps,
      readAccessOf(c, deps, route),
      c.req.param("bucket") ?? "",
      c.req.param("name") ?? "",
    );
    const metadata = object.metadata;
    c.header("ETag", metadata.eTag);
    if (metadata.cacheControl) c.header("Cache-Control", metadata.cacheControl);
    return c.json({
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: object.user_metadata,
      last_modified: object.updated_at,
      created_at: object.created_at,
    });
  };
}
