import { existsSync } from "node:fs";

/** The machine's Chromium (Debian's package), or CHROMIUM_PATH. Browser tests never download one. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}
