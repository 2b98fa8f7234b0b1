import { authError } from "./errors.ts";
import type { JsonObject } from "./request.ts";

// GoTrue stores whatever metadata it is given and copies both objects into every access token.
// Each token travels in an Authorization header, which proxies commonly cap at 8 kB, so the two
// together stay under it once base64url has grown them by a third: 4 kB of user_metadata (2,000
// Arabic letters) and 1 kB of app_metadata, as compact UTF-8 JSON.
export const metadataLimits = { user_metadata: 4096, app_metadata: 1024 } as const;

export type MetadataName = keyof typeof metadataLimits;

/** Refuses metadata that would be stored past its limit: `validation_failed`, nothing changed. */
export function checkMetadataSize(name: MetadataName, metadata: JsonObject): void {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), "utf8");
  if (bytes > metadataLimits[name]) {
    throw authError.metadataTooLarge(name, bytes, metadataLimits[name]);
  }
}

/** GoTrue's UpdateUserMetaData: top-level keys are replaced; a null removes the key. */
export function mergeMetadata(current: JsonObject | null, changes: JsonObject): JsonObject {
  const result: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete result[key];
    else result[key] = value;
  }
  return result;
}
