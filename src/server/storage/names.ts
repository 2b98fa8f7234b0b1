import { storageError } from "./errors.ts";

// Supabase Storage's characters (src/storage/limits.ts), and letters, marks and digits of any
// script besides, so that a photo may keep its Arabic name (docs/decisions/0033).
const validObjectKey = /^[\p{L}\p{M}\p{N}_/!.*'() &$=@;:+,?-]+$/u;
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/u;

// S3's longest key, and the longest file name of the file systems the file backend runs on.
const maxKeyBytes = 1024;
const maxSegmentBytes = 255;

/**
 * A name or prefix of names as names are stored: in NFC, so that `café` typed with a combining
 * accent (as macOS spells file names) and without it is one object.
 */
export function storedName(text: string): string {
  return text.normalize("NFC");
}

/**
 * An object's name within its bucket, in its stored form; never one that could name a path
 * outside it, nor one longer than S3 or a file system takes, refused before any I/O.
 */
export function mustBeValidKey(text: string): string {
  const name = storedName(text);
  const segments = name.split("/");
  if (
    !validObjectKey.test(name) ||
    Buffer.byteLength(name) > maxKeyBytes ||
    segments.some(
      (segment) =>
        segment === "." || segment === ".." || Buffer.byteLength(segment) > maxSegmentBytes,
    ) ||
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
