// The server the contract suites talk to: our own, in process, by default; or any
// Supabase-compatible project named by CONTRACT_SUPABASE_URL and its keys, unchanged.
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from "@supabase/supabase-js";
import WebSocket from "ws";
import type { StorageBackend } from "../../src/server/storage/backend.ts";
import { startTestServer, type TestServerOptions } from "./test-server.ts";

export interface ContractTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Known for our own server (and for a project whose secret is given): lets tests verify tokens. */
  jwtSecret: string | undefined;
  fetch: typeof fetch;
  /** "ours" runs checks that need our database directly; "external" skips only those. */
  kind: "ours" | "external";
  /** Seconds a revoked refresh token may still be exchanged (hosted projects: 10). */
  refreshTokenReuseInterval: number;
  /** Our server's storage backend, to count the bytes it keeps; undefined for a project. */
  storage: StorageBackend | undefined;
  /** Closes every realtime socket from the server's side, as a restart would (ours only). */
  dropRealtimeSockets?: () => void;
  close(): Promise<void>;
}

/** Our server in process, or the project CONTRACT_SUPABASE_URL names (then `options` are unused). */
export async function contractTarget(options: TestServerOptions = {}): Promise<ContractTarget> {
  const url = process.env.CONTRACT_SUPABASE_URL;
  if (url) {
    const anonKey = process.env.CONTRACT_SUPABASE_ANON_KEY;
    const serviceRoleKey = process.env.CONTRACT_SUPABASE_SERVICE_ROLE_KEY;
    if (!anonKey || !serviceRoleKey) {
      throw new Error(
        "CONTRACT_SUPABASE_URL needs CONTRACT_SUPABASE_ANON_KEY and CONTRACT_SUPABASE_SERVICE_ROLE_KEY",
      );
    }
    return {
      url,
      anonKey,
      serviceRoleKey,
      jwtSecret: process.env.CONTRACT_JWT_SECRET,
      fetch: globalThis.fetch,
      kind: "external",
      refreshTokenReuseInterval: Number(process.env.CONTRACT_REFRESH_TOKEN_REUSE_INTERVAL ?? 10),
      storage: undefined,
      close: async () => {},
    };
  }
  const server = await startTestServer(options);
  return {
    url: server.url,
    anonKey: server.keys.anon,
    serviceRoleKey: server.keys.service_role,
    jwtSecret: server.jwtSecret,
    fetch: server.fetch,
    kind: "ours",
    refreshTokenReuseInterval: server.authConfig.refreshTokenReuseInterval,
    storage: server.storage,
    dropRealtimeSockets: () => server.realtime?.hub.dropAll(),
    close: () => server.close(),
  };
}

/** The real supabase-js client, set up as a Node 20 process must set it up. */
export function clientFor(
  target: Pick<ContractTarget, "url" | "fetch">,
  key: string,
  options: SupabaseClientOptions<"public"> = {},
): SupabaseClient {
  return createClient(target.url, key, {
    ...options,
    global: { ...options.global, fetch: target.fetch },
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...options.auth,
    },
    // Node 20 has no WebSocket of its own, and supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  }) as SupabaseClient;
}

export function uniqueEmail(label: string): string {
  return `${label}+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}
