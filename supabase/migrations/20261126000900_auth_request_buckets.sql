-- Auth's rate limits (AUTH_RATE_LIMIT_*), counted in the database so that every instance sharing
-- it draws on the same buckets: N instances allow the configured rate, not N times it
-- (docs/decisions/0027). Our server takes one request from a bucket with one statement per auth
-- request, as the owner; no API role may read or call any of this.

-- One token bucket per limit and client, as GoTrue keeps them, stored as the moment it will be
-- full again (the generic cell rate algorithm's "theoretical arrival time"): with an interval of
-- 1/rate between requests, a bucket holds burst - (full_at - now) / interval requests. One
-- timestamp is the whole state, and a bucket whose moment has passed is full, holds nothing
-- worth keeping, and may be deleted.
--
-- Unlogged: a check writes no WAL, so its commit does not wait for a disk flush (about 1 ms a
-- check on a server that fsyncs). What that costs: after a crash, and on a standby promoted in
-- its place, every bucket starts full, as every bucket did when an instance restarted while
-- they lived in its memory.
create unlogged table if not exists private.auth_request_buckets (
  name text not null,
  client_hash text not null,
  full_at timestamptz not null,
  primary key (name, client_hash)
);
create index if not exists auth_request_buckets_full_at_idx
  on private.auth_request_buckets (full_at);

comment on table private.auth_request_buckets is
  'Auth''s rate limits: per limit (token, signup, mfa, verify, recover) and client (a salted SHA-256 of its IPv4 address or IPv6 /64, salted as private.submission_clients is), when its token bucket is full again. Rows whose full_at has passed are swept.';

revoke all on table private.auth_request_buckets from public;
revoke all on table private.auth_request_buckets from anon, authenticated, service_role;

-- Takes one request from the bucket of `limit_name` and `subject` (the client's address, or its
-- /64), refilled at `per_second` and holding at most `burst`: true when taken, null when the
-- bucket is empty (no row: the update's condition failed, and nothing changed). One statement;
-- ON CONFLICT locks the bucket's row, so concurrent requests from one client queue on it and
-- each sees the last one's result. `greatest` keeps a request whose clock read earlier than one
-- that committed before it from handing tokens back. `taken_at` is for tests; the database's
-- clock, shared by every instance, decides otherwise.
create or replace function private.take_auth_request(
  limit_name text,
  subject text,
  per_second double precision,
  burst integer,
  taken_at timestamptz default pg_catalog.statement_timestamp()
) returns boolean
  language sql
  volatile
  set search_path = ''
as $$
  insert into private.auth_request_buckets as bucket (name, client_hash, full_at)
  select limit_name,
         pg_catalog.encode(
           pg_catalog.sha256(pg_catalog.convert_to(salt || '|' || subject, 'UTF8')), 'hex'),
         taken_at + pg_catalog.make_interval(secs => 1 / per_second)
    from private.submission_salt
  on conflict (name, client_hash) do update
     set full_at = greatest(bucket.full_at, taken_at)
                   + pg_catalog.make_interval(secs => 1 / per_second)
   where bucket.full_at <= taken_at + pg_catalog.make_interval(secs => (burst - 1) / per_second)
  returning true;
$$;

-- Deletes up to `batch` full buckets, oldest first, skipping any a request holds; answers how
-- many. The server calls it every minute.
create or replace function private.sweep_auth_request_buckets(batch integer)
  returns integer
  language sql
  volatile
  set search_path = ''
as $$
  with swept as (
    delete from private.auth_request_buckets
     where (name, client_hash) in (
       select name, client_hash
         from private.auth_request_buckets
        where full_at < pg_catalog.statement_timestamp()
        order by full_at
        limit batch
          for update skip locked)
    returning 1
  )
  select pg_catalog.count(*)::integer from swept;
$$;

revoke all on function private.take_auth_request(text, text, double precision, integer, timestamptz)
  from public, anon, authenticated, service_role;
revoke all on function private.sweep_auth_request_buckets(integer)
  from public, anon, authenticated, service_role;
