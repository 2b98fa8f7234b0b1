import { readFileSync } from "node:fs";
import { readFile, rename, unlink, writeFile } from "node:fs/promises";

interface Holder {
  pid: number;
  /** Identifies this boot and this process's start, so a reused pid is not mistaken for us. */
  boot: string | null;
  started: string | null;
}

function readProc(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function describeProcess(pid: number): Holder {
  // Field 22 of /proc/<pid>/stat, counted after the command name, which may hold spaces.
  const stat = readProc(`/proc/${pid}/stat`);
  return {
    pid,
    boot: readProc("/proc/sys/kernel/random/boot_id")?.trim() ?? null,
    started: stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null,
  };
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // A zombie (state Z, field 3) has died and closed its files; only its parent has yet to reap it.
  const stat = readProc(`/proc/${holder.pid}/stat`);
  if (stat?.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return false;
  const now = describeProcess(holder.pid);
  if (holder.boot && now.boot && holder.boot !== now.boot) return false;
  if (holder.started && now.started && holder.started !== now.started) return false;
  return true;
}

export interface DirectoryLock {
  release(): Promise<void>;
}

export interface LockOptions {
  /** How long to wait for a live holder to exit before refusing: a process just killed may linger. */
  waitMs?: number;
  pollMs?: number;
}

async function exits(
  holder: Holder,
  { waitMs = 5000, pollMs = 100 }: LockOptions,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (isAlive(holder)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}

/**
 * Claims `file` for this process, or says which live process holds it. Two processes on one
 * embedded database would each believe they own its files and corrupt them. A lock left by a
 * process that died (killed, power lost) is taken over; a live holder is given a few seconds to
 * exit first, as a server killed and started again at once may still be dying.
 */
export async function lockDirectory(
  file: string,
  what: string,
  options: LockOptions = {},
): Promise<DirectoryLock> {
  const mine = describeProcess(process.pid);
  const content = JSON.stringify(mine);
  let acquired = false;
  for (let attempt = 0; attempt < 3 && !acquired; attempt += 1) {
    try {
      await writeFile(file, content, { flag: "wx", mode: 0o600 });
      acquired = true;
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder: Holder | undefined;
    try {
      holder = JSON.parse(await readFile(file, "utf8")) as Holder;
    } catch {
      holder = undefined;
    }
    if (holder && !(await exits(holder, options))) {
      throw new Error(
        `${what} is in use by another process (pid ${holder.pid}): stop it first. ` +
          `If no such process runs any more, delete ${file}.`,
      );
    }
    // Stale: replace it whole, then make sure no one else replaced it at the same moment.
    const claim = `${file}.${process.pid}`;
    await writeFile(claim, content, { mode: 0o600 });
    await rename(claim, file);
    await new Promise((resolve) => setTimeout(resolve, 50));
    acquired = (await readFile(file, "utf8")) === content;
  }
  if (!acquired) throw new Error(`Could not take over the stale lock ${file}`);
  return {
    async release() {
      const current = await readFile(file, "utf8").catch(() => "");
      if (current === content) await unlink(file).catch(() => {});
    },
  };
}
