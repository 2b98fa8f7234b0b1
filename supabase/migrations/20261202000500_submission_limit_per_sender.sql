-- Visitors on a shared address (a venue's Wi-Fi, an office, a phone network's NAT) are told
-- apart by the email they write: the limit a person meets counts the address and the email
-- together (per_client_burst, per_client_daily, as before), and a higher ceiling counts the
-- address alone (per_address_burst, per_address_daily), so that a flood with a new email each
-- time is still stopped. Thirty attendees of a session may register from its Wi-Fi within ten
-- minutes; the thirty-first waits.

alter table private.submission_limits
  add column if not exists per_address_burst integer not null default 30
    constraint submission_limits_per_address_burst check (per_address_burst >= 1),
  add column if not exists per_address_daily integer not null default 200
    constraint submission_limits_per_address_daily check (per_address_daily >= 1);

comment on table private.submission_limits is
  'How many submissions one sender (an address and an email together) may send (per_client_burst in burst_window, per_client_daily a day), how many one address may send whatever the emails (per_address_burst in burst_window, per_address_daily a day), how many all visitors together may send a day (daily_ceiling), and how long an identical message is folded into the first (duplicate_window).';

-- The sender: a salted hash of the address and the email together. Rows written before it was
-- kept have none, and count against their address only.
alter table private.submission_clients add column if not exists sender_hash text;
create index if not exists submission_clients_sender_hash_created_at_idx
  on private.submission_clients (sender_hash, created_at desc);

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
  sender text;
  recent integer;
  today integer;
  address_recent integer;
  address_today integer;
  everyone integer;
  free_at timestamptz;
begin
  if new.website is not null then
    new.website := pg_catalog.left(new.website, 200);
    if internal.has_visible_text(new.website) then
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
           'hex'),
         pg_catalog.encode(
           pg_catalog.sha256(pg_catalog.convert_to(
             salt || '|' || private.submission_client(headers) || '|'
               || pg_catalog.lower(pg_catalog.btrim(coalesce(new.email, ''))),
             'UTF8')),
           'hex')
    into client, sender
    from private.submission_salt;
  -- One insert at a time per address, so that concurrent requests cannot all slip under a limit.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(client, 1402));

  select count(*) filter (where sender_hash = sender
                            and created_at > pg_catalog.now() - limits.burst_window),
         count(*) filter (where sender_hash = sender),
         count(*) filter (where created_at > pg_catalog.now() - limits.burst_window),
         count(*)
    into recent, today, address_recent, address_today
    from private.submission_clients
   where client_hash = client
     and created_at > pg_catalog.now() - interval '1 day';
  if recent >= limits.per_client_burst or today >= limits.per_client_daily
     or address_recent >= limits.per_address_burst or address_today >= limits.per_address_daily then
    -- The moment the oldest counted submission leaves each window that is full.
    select pg_catalog.max(until) into free_at from (
      (select created_at + limits.burst_window as until
         from private.submission_clients
        where client_hash = client and sender_hash = sender
          and created_at > pg_catalog.now() - limits.burst_window
          and recent >= limits.per_client_burst
        order by created_at desc
       offset limits.per_client_burst - 1 limit 1)
      union all
      (select created_at + interval '1 day'
         from private.submission_clients
        where client_hash = client and sender_hash = sender
          and created_at > pg_catalog.now() - interval '1 day'
          and today >= limits.per_client_daily
        order by created_at desc
       offset limits.per_client_daily - 1 limit 1)
      union all
      (select created_at + limits.burst_window
         from private.submission_clients
        where client_hash = client and created_at > pg_catalog.now() - limits.burst_window
          and address_recent >= limits.per_address_burst
        order by created_at desc
       offset limits.per_address_burst - 1 limit 1)
      union all
      (select created_at + interval '1 day'
         from private.submission_clients
        where client_hash = client and created_at > pg_catalog.now() - interval '1 day'
          and address_today >= limits.per_address_daily
        order by created_at desc
       offset limits.per_address_daily - 1 limit 1)
    ) windows;
    raise exception using
      errcode = 'PT429',
      message = 'Too many submissions from this client',
      detail = pg_catalog.format(
        'At most %s in %s minutes and %s a day from one address and email, %s in %s minutes and %s a day from one address',
        limits.per_client_burst,
        extract(epoch from limits.burst_window)::bigint / 60,
        limits.per_client_daily,
        limits.per_address_burst,
        extract(epoch from limits.burst_window)::bigint / 60,
        limits.per_address_daily),
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

  insert into private.submission_clients (client_hash, sender_hash) values (client, sender);
  delete from private.submission_clients
   where created_at < pg_catalog.now() - greatest(interval '1 day', limits.burst_window);
  return new;
end;
$$;

revoke all on function private.guard_contact_submission() from public;
