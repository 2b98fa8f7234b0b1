// The client the server's commands (team, content) use: the service_role key against this
// server on PORT, or against a hosted project when SUPABASE_URL is set.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import { loadJwtSecret, makeApiKey } from "../keys.ts";
import { UsageError } from "./command.ts";

const hosted = z.object({
  SUPABASE_URL: z.url({ error: "must be the absolute URL of a Supabase project" }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().trim().min(1).optional(),
});

/** Node 20 has no WebSocket; supabase-js builds its realtime client eagerly, and we never use it. */
class NoRealtime {
  constructor() {
    throw new Error("The server's commands do not use realtime");
  }
}

/**
 * SUPABASE_URL and its service_role key when both are set; else this server on PORT, which mails
 * invitations itself when SMTP_URL is set.
 */
export async function adminClient(): Promise<{
  client: SupabaseClient;
  target: string;
  mails: boolean;
}> {
  const config = loadConfig();
  const values = hosted.parse(process.env);
  if (values.SUPABASE_URL && !values.SUPABASE_SERVICE_ROLE_KEY) {
    throw new UsageError("SUPABASE_URL is set: set SUPABASE_SERVICE_ROLE_KEY too");
  }
  const url = values.SUPABASE_URL ?? `http://127.0.0.1:${config.port}`;
  const key =
    values.SUPABASE_SERVICE_ROLE_KEY ??
    (await makeApiKey(await loadJwtSecret(config), "service_role"));
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  });
  return { client, target: url, mails: !values.SUPABASE_URL && config.mail !== undefined };
}
