/**
 * The meta tag that carries the anon key to a site built without VITE_SUPABASE_ANON_KEY: the
 * pages are prerendered with it empty, and our server writes the key into it when it starts.
 */
export const anonKeyMetaName = "supabase-anon-key";
