import { chmod, lstat, readdir } from "node:fs/promises";
import path from "node:path";

const groupAndOthers = 0o077;

/**
 * Takes group and other users' access away from `directory` and everything under it (folders
 * 0700, files 0600 at most), since DATA_DIR holds the JWT secret and the embedded database's
 * files, whose WAL carries password hashes, TOTP secrets and refresh tokens. Symbolic links are
 * left alone. Returns how many entries it changed; a missing directory changes nothing.
 */
export async function tightenPermissions(directory: string): Promise<number> {
  let stats;
  try {
    stats = await lstat(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  if (stats.isSymbolicLink()) return 0;
  let changed = 0;
  if ((stats.mode & groupAndOthers) !== 0) {
    await chmod(directory, stats.mode & 0o777 & ~groupAndOthers);
    changed += 1;
  }
  if (stats.isDirectory()) {
    for (const name of await readdir(directory)) {
      changed += await tightenPermissions(path.join(directory, name));
    }
  }
  return changed;
}
