import type { StorageConfig } from "../config.ts";
import type { StorageBackend } from "./backend.ts";
import { fileBackend } from "./file-backend.ts";
import { s3Backend } from "./s3-backend.ts";

/** The backend STORAGE_BACKEND names, opened once at boot and closed at shutdown. */
export function openStorageBackend(config: StorageConfig): StorageBackend {
  if (config.backend === "file") return fileBackend(config.path);
  return s3Backend(config);
}
