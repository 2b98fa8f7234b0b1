import type { StorageConfig } from "../config.ts";
import type { StorageBackend } from "./backend.ts";
import { fileBackend } from "./file-backend.ts";

/** The backend STORAGE_BACKEND names, opened once at boot and closed at shutdown. */
export function openStorageBackend(config: StorageConfig): StorageBackend {
  if (config.backend === "file") return fileBackend(config.path);
  throw new Error(
    "STORAGE_BACKEND=s3: the S3 backend is not in this build yet; set STORAGE_BACKEND=file",
  );
}
