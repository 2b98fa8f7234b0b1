import { readdir } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import type { ContractTarget } from "./contract-target.ts";

/** An error as storage-js hands it over: HTTP status, the body's statusCode, and its message. */
export function expectStorageError(
  error: unknown,
  expected: { status: number; statusCode: string; message: string },
): void {
  expect(error).toMatchObject(expected);
}

/** How many version files our server keeps under a bucket (or everywhere): none left behind. */
export async function storedFiles(target: ContractTarget, bucket = ""): Promise<string[]> {
  if (!target.storagePath) return [];
  const root = path.join(target.storagePath, bucket);
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !entry.parentPath.includes(".partial"))
      .map((entry) => path.relative(target.storagePath!, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

export function uniqueBucket(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
