import { storageError } from "./errors.ts";

// Supabase Storage's characters (src/storage/limits.ts), and letters, marks and digits of any
// script besides, so that a photo may keep its Arabic name (docs/decisions/0033).
const validObjectKey = /^[\p{L}\p{M}\p{N}_/!.*'() &$=@;:+,?-]+$/u;
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/u;

/** An object's name within its bucket; never one that could name a path outside it. */
export function mustBeValidKey(name: string): string {
  const segments = name.split("/");
  if (
    !validObjectKey.test(name) ||
    segments.some((segment) => segment === "." || segment === "..") ||
    name.startsWith("/")
  ) {
    throw storageError.invalidKey(name);
  }
  return name;
}

/** A bucket's id: Supabase's rule, and never a name of dots alone (a path of its own). */
export function mustBeValidBucketName(name: string): string {
  if (
    name.length === 0 ||
    name.length > 100 ||
    !validBucketName.test(name) ||
    name.startsWith(".")
  ) {
    throw storageError.invalidBucketName();
  }
  return name;
}
