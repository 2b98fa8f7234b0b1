import { expect } from "vitest";
import type { ContractTarget } from "./contract-target.ts";

/** An error as storage-js hands it over: HTTP status, the body's statusCode, and its message. */
export function expectStorageError(
  error: unknown,
  expected: { status: number; statusCode: string; message: string },
): void {
  expect(error).toMatchObject(expected);
}

/** The version keys our server keeps under a bucket or folder (or everywhere): none left behind. */
export async function storedFiles(target: ContractTarget, folder = ""): Promise<string[]> {
  if (!target.storage) return [];
  const keys: string[] = [];
  for await (const { key } of target.storage.list(folder === "" ? "" : `${folder}/`)) {
    keys.push(key);
  }
  return keys;
}

export function uniqueBucket(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
