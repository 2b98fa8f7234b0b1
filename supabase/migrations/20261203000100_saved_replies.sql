-- Saved replies: texts the team writes once, in Arabic or English (the program's dates, the
-- Mutakallim details), and inserts into a reply in the inbox to edit before sending it. Members at
-- aal2 read, write and delete them under row-level security; nobody else sees one. The database
-- says who wrote and last changed each one, and when. An edit names the updated_at its member
-- read (`.eq('updated_at', seen)`): a saved reply another member changed or deleted since then is
-- left as it is, and the edit answers no row, so nothing one member does silently undoes
-- another's. At most 200 are kept, so that no session fills the database with them.

create table if not exists public.saved_replies (
  id bigint generated always as identity primary key,
  language text not null
    constraint saved_replies_language check (language in ('ar', 'en')),
  title text not null
    constraint saved_replies_title
    check (char_length(title) between 1 and 120 and internal.has_visible_text(title)),
  body text not null
    constraint saved_replies_body
    check (char_length(body) between 1 and 20000 and internal.has_visible_text(body)),
  created_at timestamptz not null default now(),
  created_by uuid,
  updated_at timestamptz not null default now(),
  updated_by uuid
);

comment on table public.saved_replies is
  'The team''s saved replies, each in one language, inserted into a reply in the inbox and edited before it is sent. Read and written by team members at aal2; who wrote and changed each, and when, set by the database.';

create index if not exists saved_replies_language_title_idx
  on public.saved_replies (language, title);

-- Who and when, whatever a client sends; the bound on how many are kept. An edit's updated_at is
-- always later than the one it replaces, even within one microsecond of it, so that an edit
-- naming the one before never matches again.
create or replace function internal.stamp_saved_reply() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  bound constant integer := 200;
begin
  if tg_op = 'INSERT' then
    -- One insert at a time, so that concurrent ones cannot all slip under the bound.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('saved_replies'));
    if (select count(*) from public.saved_replies) >= bound then
      raise exception using
        errcode = '23514',
        message = pg_catalog.format('At most %s saved replies are kept', bound),
        hint = 'Delete one first.';
    end if;
    new.created_at := pg_catalog.now();
    new.created_by := auth.uid();
    new.updated_at := pg_catalog.now();
  else
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    new.updated_at := greatest(pg_catalog.clock_timestamp(), old.updated_at + interval '1 microsecond');
  end if;
  new.updated_by := auth.uid();
  return new;
end;
$$;

revoke all on function internal.stamp_saved_reply() from public;

drop trigger if exists saved_replies_stamp on public.saved_replies;
create trigger saved_replies_stamp
  before insert or update on public.saved_replies
  for each row
  execute function internal.stamp_saved_reply();

alter table public.saved_replies enable row level security;
revoke all on table public.saved_replies from anon, authenticated, service_role;
grant select, delete on table public.saved_replies to authenticated;
grant insert (language, title, body), update (language, title, body)
  on table public.saved_replies to authenticated;
grant all on table public.saved_replies to service_role;

drop policy if exists "Team members read saved replies" on public.saved_replies;
create policy "Team members read saved replies"
  on public.saved_replies for select to authenticated
  using ((select internal.is_team_member()));

drop policy if exists "Team members write saved replies" on public.saved_replies;
create policy "Team members write saved replies"
  on public.saved_replies for insert to authenticated
  with check ((select internal.is_team_member()));

drop policy if exists "Team members change saved replies" on public.saved_replies;
create policy "Team members change saved replies"
  on public.saved_replies for update to authenticated
  using ((select internal.is_team_member()))
  with check ((select internal.is_team_member()));

drop policy if exists "Team members delete saved replies" on public.saved_replies;
create policy "Team members delete saved replies"
  on public.saved_replies for delete to authenticated
  using ((select internal.is_team_member()));

-- Changed by one member, heard by every open inbox.
do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
     where pubname = 'supabase_realtime'
       and schemaname = 'public' and tablename = 'saved_replies'
  ) then
    alter publication supabase_realtime add table public.saved_replies;
  end if;
end
$$;
