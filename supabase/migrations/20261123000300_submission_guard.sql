-- Holds the public forms against floods, in the database, so that the same rules hold on our
-- server and on a hosted Supabase project (docs/decisions/0014). Before a visitor's row is
-- stored: a filled honeypot marks it spam; an identical message from the same email within
-- minutes is stored once; a client past its rate is refused (PT429, which PostgREST answers
-- 429); past a daily ceiling every visitor is refused (PT503, answered 503). Rows written by
-- service_role or straight through SQL (imports, the server's tools) skip the limits.

create schema if not exists private;
revoke all on schema private from public;
revoke all on schema private from anon, authenticated, service_role;

-- The limits, one row; change them with an UPDATE, on any deployment:
--   update private.submission_limits set per_client_burst = 10, daily_ceiling = 5000;
create table if not exists private.submission_limits (
  id boolean primary key default true constraint submission_limits_one_row check (id),
  per_client_burst integer not null default 5
    constraint submission_limits_per_client_burst check (per_client_burst >= 1),
  burst_window interval not null default '10 minutes'
    constraint submission_limits_burst_window
    check (burst_window > interval '0' and burst_window <= interval '1 day'),
  per_client_daily integer not null default 20
    constraint submission_limits_per_client_daily check (per_client_daily >= 1),
  daily_ceiling integer not null default 2000
    constraint submission_limits_daily_ceiling check (daily_ceiling >= 1),
  duplicate_window interval not null default '10 minutes'
    constraint submission_limits_duplicate_window check (duplicate_window >= interval '0')
);
insert into private.submission_limits default values on conflict do nothing;

comment on table private.submission_limits is
  'How many submissions one client may send (per_client_burst in burst_window, per_client_daily a day), how many all visitors together may send a day (daily_ceiling), and how long an identical message is folded into the first (duplicate_window).';

-- The secret mixed into every client's hash, made once per database: without it an address
-- cannot be recovered from its hash by trying all 2^32 of them.
create table if not exists private.submission_salt (
  id boolean primary key default true constraint submission_salt_one_row check (id),
  salt text not null default (gen_random_uuid()::text || gen_random_uuid()::text)
);
insert into private.submission_salt default values on conflict do nothing;

-- When each client sent, by salted hash only, kept for a day: what the limits count.
create table if not exists private.submission_clients (
  client_hash text not null,
  created_at timestamptz not null default now()
);
create index if not exists submission_clients_client_hash_created_at_idx
  on private.submission_clients (client_hash, created_at desc);
create index if not exists submission_clients_created_at_idx
  on private.submission_clients (created_at);

revoke all on all tables in schema private from public;
revoke all on all tables in schema private from anon, authenticated, service_role;

-- The honeypot: a field people never see. What a robot writes in it is kept, cut short.
alter table public.contact_submissions
  add column if not exists website text
    constraint contact_submissions_website_length check (char_length(website) <= 200);
grant insert (website) on table public.contact_submissions to anon, authenticated;

create index if not exists contact_submissions_email_created_at_idx
  on public.contact_submissions (lower(email), created_at desc);

-- Whom a request comes from: Cloudflare's header on a hosted project, else the last address in
-- X-Forwarded-For (the one the nearest proxy appended; our server sends only that one); an IPv6
-- client by its /64, as one subscriber holds a whole /64.
create or replace function private.submission_client(headers json) returns text
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  address text := coalesce(
    nullif(pg_catalog.btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(pg_catalog.btrim(pg_catalog.regexp_replace(headers ->> 'x-forwarded-for', '^.*,', '')), ''),
    'unknown'
  );
  ip inet;
begin
  begin
    ip := address::inet;
  exception when invalid_text_representation then
    return address;
  end;
  if pg_catalog.family(ip) = 4 then
    return pg_catalog.host(ip);
  elsif pg_catalog.host(ip) ~* '^::ffff:[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' then
    return pg_catalog.substr(pg_catalog.host(ip), 8);
  end if;
  return pg_catalog.network(pg_catalog.set_masklen(ip, 64))::text;
end;
$$;

create or replace function private.guard_contact_submission() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  claims json := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::json;
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  limits private.submission_limits;
  client text;
  recent integer;
  today integer;
  everyone integer;
  free_at timestamptz;
begin
  if new.website is not null then
    new.website := pg_catalog.left(new.website, 200);
    if public.has_visible_text(new.website) then
      new.status := 'spam';
    end if;
  end if;

  -- Only visitors are limited; our server may switch the limits off for load tests.
  if coalesce(claims ->> 'role', '') not in ('anon', 'authenticated')
     or current_setting('kalima.submission_limits', true) = 'off' then
    return new;
  end if;
  select * into limits from private.submission_limits;

  -- A message sent twice (a double click, a retry) is stored once; the sender hears success.
  if exists (
    select from public.contact_submissions s
     where pg_catalog.lower(s.email) = pg_catalog.lower(new.email)
       and s.created_at > pg_catalog.now() - limits.duplicate_window
       and s.form_source = new.form_source
       and s.message = new.message
  ) then
    return null;
  end if;

  select pg_catalog.encode(
           pg_catalog.sha256(pg_catalog.convert_to(salt || '|' || private.submission_client(headers), 'UTF8')),
           'hex')
    into client
    from private.submission_salt;
  -- One insert at a time per client, so that concurrent requests cannot all slip under the limit.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(client, 1402));

  select count(*) filter (where created_at > pg_catalog.now() - limits.burst_window), count(*)
    into recent, today
    from private.submission_clients
   where client_hash = client
     and created_at > pg_catalog.now() - interval '1 day';
  if recent >= limits.per_client_burst or today >= limits.per_client_daily then
    -- The moment the oldest counted submission leaves the window that is full.
    select pg_catalog.max(until) into free_at from (
      (select created_at + limits.burst_window as until
         from private.submission_clients
        where client_hash = client and created_at > pg_catalog.now() - limits.burst_window
          and recent >= limits.per_client_burst
        order by created_at desc
       offset limits.per_client_burst - 1 limit 1)
      union all
      (select created_at + interval '1 day'
         from private.submission_clients
        where client_hash = client and created_at > pg_catalog.now() - interval '1 day'
          and today >= limits.per_client_daily
        order by created_at desc
       offset limits.per_client_daily - 1 limit 1)
    ) windows;
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions from this client',
      detail = pg_catalog.format('At most %s in %s minutes and %s a day from one client',
                                 limits.per_client_burst,
                                 extract(epoch from limits.burst_window)::bigint / 60,
                                 limits.per_client_daily),
      hint = pg_catalog.format('Try again in %s seconds.',
                               pg_catalog.ceil(extract(epoch from free_at - pg_catalog.now()))::bigint);
  end if;

  select count(*) into everyone
    from public.contact_submissions
   where created_at > pg_catalog.now() - interval '1 day';
  if everyone >= limits.daily_ceiling then
    raise exception using
      errcode = 'PT503',
      message = 'Submissions are paused: the daily ceiling is reached',
      detail = pg_catalog.format('%s submissions in the last 24 hours; the ceiling is %s',
                                 everyone, limits.daily_ceiling),
      hint = 'Try again later.';
  end if;

  insert into private.submission_clients (client_hash) values (client);
  delete from private.submission_clients
   where created_at < pg_catalog.now() - greatest(interval '1 day', limits.burst_window);
  return new;
end;
$$;

revoke all on function private.submission_client(json) from public;
revoke all on function private.guard_contact_submission() from public;

drop trigger if exists contact_submissions_guard on public.contact_submissions;
create trigger contact_submissions_guard
  before insert on public.contact_submissions
  for each row
  execute function private.guard_contact_submission();
