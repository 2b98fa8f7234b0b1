-- Every statement an API role runs is bounded, as a hosted Supabase project bounds it: a query
-- past the bound is cancelled (57014) instead of holding a connection, a lock or, on the
-- embedded database, the one connection every visitor shares. The server reads these settings
-- with its schema cache and applies them to each request's transaction, as PostgREST does.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- The inbox's failed-mail notice, read on every opening: only the few failed rows.
create index if not exists mail_outbox_failed_created_at_idx
  on public.mail_outbox (created_at desc, id desc) where status = 'failed';

-- The inbox's list narrowed by form (and status), newest first, in index order.
create index if not exists contact_submissions_form_status_idx
  on public.contact_submissions (form_source, status, created_at desc, id desc);
