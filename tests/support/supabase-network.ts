import { afterEach, beforeEach, vi } from "vitest";
import { anonKeyMetaName } from "../../src/shared/anon-key-meta.ts";

/**
 * For component tests that run supabase-js for real: the page's anon key is in place and every
 * request it makes meets the returned stub, the edge of the system under test. Registers its
 * own setup and clean-up around each test.
 */
export function stubSupabaseNetwork() {
  const network = vi.fn<typeof fetch>();
  beforeEach(() => {
    const meta = document.createElement("meta");
    meta.name = anonKeyMetaName;
    meta.content = "anon-key-for-tests";
    document.head.append(meta);
    vi.stubGlobal("fetch", network);
  });
  afterEach(() => {
    document.head.querySelector(`meta[name="${anonKeyMetaName}"]`)?.remove();
    vi.unstubAllGlobals();
    network.mockReset();
  });
  return network;
}
