-- Realtime as Supabase Realtime offers it (docs/decisions/0037): the tables in the
-- `supabase_realtime` publication send their changes to subscribers whose row-level security lets
-- them read the row, and private channels are authorised by policies on `realtime.messages`.
-- A hosted project already has the publication, the schema and the table, owned by its realtime
-- role: every statement here leaves what exists alone, and adds only our tables and policies.

do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if to_regnamespace('realtime') is null then
    create schema realtime;
    grant usage on schema realtime to anon, authenticated, service_role;
  end if;
  if to_regclass('realtime.messages') is null then
    -- Hosted partitions it by day and keeps what private channels broadcast; our server stores
    -- nothing in it: it is where the policies that authorise a private channel live.
    create table realtime.messages (
      topic text not null,
      extension text not null,
      payload jsonb,
      event text,
      private boolean default false,
      updated_at timestamp not null default now(),
      inserted_at timestamp not null default now(),
      id uuid not null default gen_random_uuid(),
      primary key (id, inserted_at)
    );
    alter table realtime.messages enable row level security;
    grant select, insert, update on table realtime.messages to anon, authenticated, service_role;
  end if;
  if to_regprocedure('realtime.topic()') is null then
    create function realtime.topic() returns text
      language sql
      stable
    as $f$ select nullif(current_setting('realtime.topic', true), '')::text; $f$;
    grant execute on function realtime.topic() to anon, authenticated, service_role;
  end if;
end
$$;

-- The team's tables, live: the inbox hears new submissions, triage and deletions; the site editor
-- hears saves and publishes. Each change still reaches only those whose policies let them read it.
do $$
declare
  wanted text;
begin
  foreach wanted in array array[
    'public.contact_submissions',
    'public.contact_submission_changes',
    'public.contact_submission_deletions',
    'public.site_content_drafts',
    'public.site_content_versions'
  ] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
       where pubname = 'supabase_realtime'
         and format('%I.%I', schemaname, tablename) = wanted
    ) then
      execute format('alter publication supabase_realtime add table %s', wanted);
    end if;
  end loop;
end
$$;

-- Private channels whose topic begins `team:` (the site editor's presence) are for the team's
-- members at aal2, to hear and to send, both broadcast and presence.
drop policy if exists "Team members hear team channels" on realtime.messages;
create policy "Team members hear team channels"
  on realtime.messages
  for select
  to authenticated
  using (realtime.topic() like 'team:%' and (select internal.is_team_member()));

drop policy if exists "Team members send on team channels" on realtime.messages;
create policy "Team members send on team channels"
  on realtime.messages
  for insert
  to authenticated
  with check (realtime.topic() like 'team:%' and (select internal.is_team_member()));

-- What follows is our server's own machinery; a hosted project reads its write-ahead log instead,
-- and none of it runs there unless our server is started against that database.

-- A change bigger than a notification carries (PostgreSQL's limit is 8000 bytes) waits here for
-- the servers to read it; the notification names its id. Cleared after a few minutes.
create table if not exists internal.realtime_spill (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  body jsonb not null
);
revoke all on table internal.realtime_spill from public, anon, authenticated, service_role;

-- Sends `body` to every server listening on `channel`: inline when it fits a notification,
-- otherwise through internal.realtime_spill.
create or replace function internal.realtime_send(channel text, body jsonb) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  text_body text := body::text;
  spilled bigint;
begin
  if octet_length(text_body) < 7900 then
    perform pg_catalog.pg_notify(channel, text_body);
  else
    insert into internal.realtime_spill (body) values (body) returning id into spilled;
    perform pg_catalog.pg_notify(channel, pg_catalog.json_build_object('spill', spilled)::text);
  end if;
end;
$$;
revoke all on function internal.realtime_send(text, jsonb) from public;

-- The row trigger on each published table: the change, as it was committed, to the servers.
-- Its arguments are the table's primary key columns; DELETE and UPDATE carry only those of the
-- old row unless the table's replica identity is FULL, as hosted's log does.
create or replace function internal.realtime_capture() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  old_row jsonb;
begin
  if tg_op <> 'INSERT' then
    if (select relreplident from pg_catalog.pg_class where oid = tg_relid) = 'f' then
      old_row := pg_catalog.to_jsonb(old);
    else
      select coalesce(pg_catalog.jsonb_object_agg(key, value), '{}'::jsonb) into old_row
        from pg_catalog.jsonb_each(pg_catalog.to_jsonb(old))
       where key = any (tg_argv);
    end if;
  end if;
  perform internal.realtime_send('realtime_changes', pg_catalog.jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', pg_catalog.to_char(
      pg_catalog.statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op = 'DELETE' then null else pg_catalog.to_jsonb(new) end,
    'old_record', old_row
  ));
  return null;
end;
$$;
revoke all on function internal.realtime_capture() from public;

-- Which of the changed rows each audience may read, asked in one statement for them all: a
-- function per published table, its query written out so that PL/pgSQL keeps its plan from one
-- audience to the next (a query built at each call is planned again for each). An audience is a
-- role with its claims (a subscriber's token); the query runs under each in turn, so grants and
-- policies decide as they do for that subscriber's own reads. A refused read (no grant) is an
-- audience that sees none. Answers (audience's index, positions of the visible rows in `changed`,
-- each given by its primary key).
create or replace function internal.realtime_probe_name(relation oid) returns text
  language sql
  stable
  set search_path = ''
as $$
  select 'realtime_visible_' || pg_catalog.md5(n.nspname || '.' || c.relname)
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = relation;
$$;
revoke all on function internal.realtime_probe_name(oid) from public;

create or replace function internal.realtime_make_probe(relation regclass, key text[])
  returns void
  language plpgsql
  set search_path = ''
as $$
begin
  execute format($probe$
    create or replace function internal.%I(changed jsonb, audiences jsonb)
      returns table (audience integer, visible jsonb)
      language plpgsql
      set search_path = ''
    as $body$
    declare
      entry record;
    begin
      for entry in select ordinality::integer - 1 as i, value as a
                     from pg_catalog.jsonb_array_elements(audiences) with ordinality
      loop
        perform pg_catalog.set_config('role', entry.a ->> 'role', true);
        perform pg_catalog.set_config('request.jwt.claims', entry.a ->> 'claims', true);
        audience := entry.i;
        begin
          select coalesce(pg_catalog.jsonb_agg(k.ord - 1), '[]'::jsonb) into visible
            from pg_catalog.jsonb_array_elements(changed) with ordinality as k(key, ord)
            cross join lateral pg_catalog.jsonb_populate_record(null::%s, k.key) as r
           where exists (select 1 from %s as t where %s);
        exception when insufficient_privilege then
          visible := '[]'::jsonb;
        end;
        return next;
        perform pg_catalog.set_config('role', 'none', true);
      end loop;
    end;
    $body$
  $probe$,
    internal.realtime_probe_name(relation),
    relation,
    relation,
    (select pg_catalog.string_agg(format('t.%I = r.%I', column_name, column_name), ' and ')
       from pg_catalog.unnest(key) as column_name));
  execute format('revoke all on function internal.%I(jsonb, jsonb) from public',
    internal.realtime_probe_name(relation));
end;
$$;
revoke all on function internal.realtime_make_probe(regclass, text[]) from public;

-- Puts the capture trigger on every table of the publication, and takes it off tables that left.
-- Called by the server at start, and by an event trigger after each ALTER PUBLICATION where the
-- migrating role may create one (a superuser), so a table added by hand is heard at once. A
-- trigger already in place with the table's key is left alone: making it again would lock the
-- table against writes at every start of every instance.
create or replace function internal.realtime_sync_triggers() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  entry record;
begin
  -- Instances starting together on one database take turns: the second finds the triggers made.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('kalima realtime triggers'));
  for entry in
    with published as (
      select c.oid as relid
        from pg_catalog.pg_publication_tables p
        join pg_catalog.pg_namespace n on n.nspname = p.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
       where p.pubname = 'supabase_realtime'
    ),
    captured as (
      select tgrelid as relid, pg_catalog.encode(tgargs, 'escape') as arguments
        from pg_catalog.pg_trigger
       where tgname = 'realtime_capture'
    ),
    keyed as (
      select relid,
             (select coalesce(pg_catalog.array_agg(a.attname::text order by k.ord), '{}')
                from pg_catalog.pg_index i
                cross join lateral pg_catalog.unnest(i.indkey) with ordinality as k(attnum, ord)
                join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
               where i.indrelid = relid and i.indisprimary) as key
        from published
    )
    select coalesce(published.relid, captured.relid)::regclass as relation,
           published.relid is not null as published,
           captured.relid is not null as captured,
           coalesce(keyed.key, '{}') as key,
           captured.arguments is not distinct from (
             select coalesce(pg_catalog.string_agg(column_name || '\000', '' order by ord), '')
               from pg_catalog.unnest(keyed.key) with ordinality as key_columns(column_name, ord)
           ) as current,
           exists (
             select 1 from pg_catalog.pg_proc
              where pronamespace = 'internal'::regnamespace
                and proname = internal.realtime_probe_name(published.relid)
           ) as probed
      from published
      full join captured on captured.relid = published.relid
      left join keyed on keyed.relid = published.relid
  loop
    if entry.published and entry.current and not entry.probed
       and pg_catalog.cardinality(entry.key) > 0 then
      perform internal.realtime_make_probe(entry.relation, entry.key);
    end if;
    continue when entry.published and entry.captured and entry.current;
    if entry.captured then
      execute format('drop trigger realtime_capture on %s', entry.relation);
    end if;
    if entry.published then
      execute format(
        'create trigger realtime_capture after insert or update or delete on %s '
        'for each row execute function internal.realtime_capture(%s)',
        entry.relation,
        (select coalesce(pg_catalog.string_agg(pg_catalog.quote_literal(column_name), ', '), '')
           from pg_catalog.unnest(entry.key) as column_name));
      if pg_catalog.cardinality(entry.key) > 0 then
        perform internal.realtime_make_probe(entry.relation, entry.key);
      end if;
    end if;
  end loop;
  -- Probes of tables that left the publication.
  for entry in
    select p.oid::regprocedure as probe
      from pg_catalog.pg_proc p
     where p.pronamespace = 'internal'::regnamespace
       and p.proname like 'realtime\_visible\_%'
       and p.proname not in (
         select internal.realtime_probe_name(c.oid)
           from pg_catalog.pg_publication_tables t
           join pg_catalog.pg_namespace n on n.nspname = t.schemaname
           join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = t.tablename
          where t.pubname = 'supabase_realtime')
  loop
    execute format('drop function %s', entry.probe);
  end loop;
end;
$$;
revoke all on function internal.realtime_sync_triggers() from public;

create or replace function internal.realtime_publication_changed() returns event_trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform internal.realtime_sync_triggers();
end;
$$;
revoke all on function internal.realtime_publication_changed() from public;

do $$
begin
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    drop event trigger if exists realtime_publication_changed;
    create event trigger realtime_publication_changed on ddl_command_end
      when tag in ('ALTER PUBLICATION', 'CREATE PUBLICATION', 'DROP PUBLICATION')
      execute function internal.realtime_publication_changed();
  end if;
end
$$;

-- What a subscriber's role and claims may do on a private channel's topic, as hosted decides it:
-- a probe message per extension is read back under the role (read), and one is written under it
-- (write). The caller rolls the transaction back, so nothing is kept.
create or replace function internal.realtime_channel_policies(
  channel_topic text, channel_role text, channel_claims text
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  probes jsonb := pg_catalog.jsonb_build_object(
    'broadcast', gen_random_uuid(), 'presence', gen_random_uuid());
  answer jsonb := '{}'::jsonb;
  kind text;
  readable boolean;
  writable boolean;
begin
  insert into realtime.messages (id, topic, extension)
  select (probes ->> k)::uuid, channel_topic, k
    from pg_catalog.unnest(array['broadcast', 'presence']) as k;
  perform pg_catalog.set_config('role', channel_role, true);
  perform pg_catalog.set_config('realtime.topic', channel_topic, true);
  perform pg_catalog.set_config('request.jwt.claims', channel_claims, true);
  foreach kind in array array['broadcast', 'presence'] loop
    begin
      select exists (select 1 from realtime.messages m where m.id = (probes ->> kind)::uuid)
        into readable;
    exception when insufficient_privilege then
      readable := false;
    end;
    begin
      insert into realtime.messages (topic, extension) values (channel_topic, kind);
      writable := true;
    exception when insufficient_privilege or check_violation then
      writable := false;
    end;
    answer := answer || pg_catalog.jsonb_build_object(
      kind, pg_catalog.jsonb_build_object('read', readable, 'write', writable));
  end loop;
  perform pg_catalog.set_config('role', 'none', true);
  return answer;
end;
$$;
revoke all on function internal.realtime_channel_policies(text, text, text) from public;
