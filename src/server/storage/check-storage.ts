import { ConfigError, type Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { errorMessage } from "../../shared/error-message.ts";
import { s3Backend } from "./s3-backend.ts";

/**
 * Stops the start when STORAGE_BACKEND=s3 names a bucket this server cannot use, and warns when
 * a server on PostgreSQL, which others may share, keeps objects on its own disk.
 */
export async function checkStorage(config: Config, log: Logger): Promise<void> {
  const storage = config.storage;
  if (storage.backend === "file") {
    if (config.databaseUrl) {
      log.warn(
        "STORAGE_BACKEND is file: several instances on one PostgreSQL must use STORAGE_BACKEND=s3, as files on one machine's disk are not seen by the others",
        { storagePath: storage.path },
      );
    }
    return;
  }
  const backend = s3Backend(storage);
  try {
    await backend.checkBucket();
  } catch (error) {
    throw new ConfigError(errorMessage(error));
  } finally {
    await backend.close();
  }
}
