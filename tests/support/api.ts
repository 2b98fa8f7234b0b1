// Raw HTTP calls to a spawned server, as supabase-js makes them.
import type { SupabaseClient } from "@supabase/supabase-js";
import { makeApiKeys, type ApiKeys } from "../../src/server/keys.ts";
import { clientFor } from "./contract-target.ts";

export const processJwtSecret = "process-tests-only-secret-0123456789abcdef";

export function processKeys(): Promise<ApiKeys> {
  return makeApiKeys(processJwtSecret);
}

export function submission(email: string) {
  return {
    name: "نور الهدى",
    email,
    phone: null,
    message: "رسالة تبقى بعد كل شيء",
    form_source: "Contact Page",
  };
}

export function insert(baseUrl: string, key: string, row: object): Promise<Response> {
  return fetch(`${baseUrl}/rest/v1/contact_submissions`, {
    method: "POST",
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "content-profile": "public",
    },
    body: JSON.stringify(row),
  });
}

/** Every stored email, read page by page with the service_role key. */
export async function storedEmails(baseUrl: string, serviceKey: string): Promise<Set<string>> {
  const emails = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(
      `${baseUrl}/rest/v1/contact_submissions?select=email&order=id.asc&limit=1000&offset=${offset}`,
      { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } },
    );
    if (response.status === 416) break;
    if (!response.ok) throw new Error(`listing answered ${response.status}`);
    const page = (await response.json()) as { email: string }[];
    for (const row of page) emails.add(row.email);
    if (page.length < 1000) break;
  }
  return emails;
}

/** The real supabase-js client, talking to a spawned server over HTTP. */
export function clientAt(baseUrl: string, key: string): SupabaseClient {
  return clientFor({ url: baseUrl, fetch: globalThis.fetch }, key);
}
