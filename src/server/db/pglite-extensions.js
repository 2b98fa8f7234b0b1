import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions the migrations create, as PGlite must be given them when it opens (on
 * PostgreSQL they come with the server's contrib package; a hosted Supabase project has them).
 */
export const pgliteExtensions = { pg_trgm };
