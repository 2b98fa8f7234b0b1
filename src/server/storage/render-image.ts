import type { Context, Handler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { objectKey } from "./backend.ts";
import { storageRole } from "./claims.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";
import type { CachedVariant } from "./images/cache.ts";
import {
  appliedTransformations,
  parseSignedTransformations,
  parseTransformQuery,
  type TransformOptions,
} from "./images/transform.ts";
import type { ReadRoute } from "./object-read.ts";
import {
  contentDisposition,
  findReadableObject,
  readObjectBytes,
  storedFileHeaders,
  type ReadAccess,
} from "./read-object.ts";

interface RenderRequest {
  access: ReadAccess;
  options: TransformOptions;
}

/**
 * What a render is let through by and what it asks for: the query's transform for public and
 * authenticated renders, the token's (which the query cannot change) for a signed one.
 */
function requestOf(c: Context<AppEnv>, deps: StorageDependencies, route: ReadRoute): RenderRequest {
  if (route === "sign") {
    const token = c.req.query("token");
    if (!token) throw storageError.invalidBody("querystring must have required property 'token'");
    return { access: { kind: "signed", token }, options: {} };
  }
  const options = parseTransformQuery(new URL(c.req.url).searchParams);
  if (route === "public") return { access: { kind: "public" }, options };
  return { access: { kind: "policies", role: storageRole(c, deps) }, options };
}

/**
 * GET /render/image/public|authenticated|sign/:bucket/:name: the object found as its read would
 * find it, rendered (or read from the cache) and answered as Supabase's renderer answers, with
 * the variant's own ETag and `Vary: Accept`, since the Accept header chooses WebP.
 */
export function renderImage(deps: StorageDependencies, route: ReadRoute): Handler<AppEnv> {
  return async (c) => {
    deps.images.limiter.take(c.get("clientIp"), c.req.path);
    const request = requestOf(c, deps, route);
    const found = await findReadableObject(
      deps,
      request.access,
      c.req.param("bucket") ?? "",
      c.req.param("name") ?? "",
    );
    const options = found.transformations
      ? parseSignedTransformations(found.transformations)
      : request.options;
    const { object } = found;
    const variant: CachedVariant = await deps.images.render(
      {
        key: objectKey(object.bucket_id, object.name, object.version),
        read: () => readObjectBytes(deps, object),
      },
      options,
      c.req.header("accept"),
      { client: c.get("clientIp"), signal: c.req.raw.signal },
    );
    const headers: Record<string, string> = {
      ...storedFileHeaders,
      "Content-Type": variant.mimeType,
      ETag: variant.eTag,
      "Last-Modified": new Date(object.metadata.lastModified).toUTCString(),
    };
    const transformations = appliedTransformations(options);
    if (transformations) headers["X-Transformations"] = transformations;
    if (found.expires) headers.Expires = found.expires.toUTCString();
    else if (object.metadata.cacheControl) headers["Cache-Control"] = object.metadata.cacheControl;
    const disposition = contentDisposition(c.req.query("download"));
    if (disposition) headers["Content-Disposition"] = disposition;
    // Through the context, so the headers set before the handler (CORS, security) are kept.
    c.header("Vary", "Accept", { append: true });
    if (c.req.header("if-none-match") === variant.eTag) return c.body(null, 304, headers);
    headers["Content-Length"] = String(variant.bytes.length);
    return c.body(new Uint8Array(variant.bytes), 200, headers);
  };
}
