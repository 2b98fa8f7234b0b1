/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The public origin pages name as canonical (SITE_URL at build). */
  readonly VITE_SITE_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * Built for a hosted Supabase project: its newest published content, read and checked by the
 * build (vite.config.ts), in the server bundle alone; undefined otherwise.
 */
declare module "virtual:kalima/hosted-site-content" {
  const content: import("../shared/site-content.ts").SiteContent | undefined;
  export default content;
}
