-- The site's own content (programs, schedule, links, values, stories, page texts), edited by the
-- team in the inbox and published in versions (docs/decisions/0023). Drafts are one row a
-- section, each with a revision: a save names the revision it started from, and a save from an
-- older one is refused (PT409) with who changed it and when, never overwriting silently.
-- Publishing copies every draft into a new version in one statement; every version is kept, and
-- restoring one publishes it again. Visitors read the newest version only, through
-- public.published_site_content, without who published it.

create table if not exists public.site_content_drafts (
  section text primary key
    constraint site_content_drafts_section
    check (section in ('programs', 'mutakallim', 'links', 'values', 'stories', 'pages')),
  body jsonb not null,
  revision integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  updated_by_email text
);

comment on table public.site_content_drafts is
  'The team''s working copy of each section of the site''s content; written through save_site_draft, published by publish_site_content.';

create table if not exists public.site_content_versions (
  id bigint generated always as identity primary key,
  content jsonb not null,
  changed text[] not null default '{}',
  published_at timestamptz not null default now(),
  published_by uuid,
  published_by_email text,
  restored_from bigint references public.site_content_versions (id)
);

comment on table public.site_content_versions is
  'Every published version of the site''s content, with who published it, when, which sections changed, and the version it restored, if any.';

-- Who edits and publishes: a member at aal2, or the service role (the server's own content
-- command, an import). Checked by each function first, for a clear refusal; the policies hold
-- whatever a client sends.
create or replace function internal.may_edit_site() returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select pg_catalog.current_setting('role', true) = 'service_role'
      or internal.is_team_member();
$$;

revoke all on function internal.may_edit_site() from public;
grant execute on function internal.may_edit_site() to authenticated, service_role;

-- What a draft may hold, checked in the database so that every client meets it (the inbox, an
-- import, a hosted project's API): a section's body is a JSON object or array of a bounded size;
-- no text anywhere is a script or data address; a link is https, and a program's video and a
-- social profile are on their own service's hosts. The words' own lengths are the editor's and
-- the import's to check (src/shared/site-content.ts), where each can be named in the page's
-- language.
create or replace function internal.site_content_problem(section text, body jsonb)
  returns text
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  found record;
  hosts constant jsonb := '{
    "instagram": "instagram\\.com", "x": "(x|twitter)\\.com", "youtube": "youtube\\.com",
    "tiktok": "tiktok\\.com", "facebook": "(facebook|fb)\\.com"
  }';
begin
  if body is null or pg_catalog.jsonb_typeof(body) not in ('object', 'array') then
    return 'A section is a JSON object or array';
  end if;
  if pg_catalog.octet_length(body::text) > 60000 then
    return 'A section is at most 60000 bytes';
  end if;
  for found in
    select value #>> '{}' as text
      from pg_catalog.jsonb_path_query(body, 'strict $.**') as value
     where pg_catalog.jsonb_typeof(value) = 'string'
  loop
    if found.text ~* '^[[:space:]]*(javascript|data|vbscript|file):' then
      return pg_catalog.format('No text may be a script or data address: %s',
                               pg_catalog.left(found.text, 80));
    end if;
  end loop;
  for found in
    select value #>> '{}' as link
      from pg_catalog.jsonb_path_query(body, 'strict $.**.youtube') as value
  loop
    if found.link <> ''
       and found.link !~* '^https://(www\.|m\.)?(youtube\.com|youtu\.be)/[^[:space:]]*$' then
      return pg_catalog.format('A YouTube link is https on youtube.com or youtu.be: %s',
                               pg_catalog.left(found.link, 80));
    end if;
  end loop;
  if section = 'links' then
    for found in select key, value from pg_catalog.jsonb_each(body) loop
      if not hosts ? found.key then
        return pg_catalog.format('Not a social network of the site: %s', found.key);
      end if;
      if pg_catalog.jsonb_typeof(found.value) <> 'string' then
        return pg_catalog.format('The %s link is text', found.key);
      end if;
      if found.value #>> '{}' <> ''
         and found.value #>> '{}' !~* ('^https://([a-z0-9-]+\.)?' || (hosts ->> found.key)
                                      || '(/[^[:space:]]*)?$') then
        return pg_catalog.format('The %s link is https on its own site: %s',
                                 found.key, pg_catalog.left(found.value #>> '{}', 80));
      end if;
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function internal.site_content_problem(text, jsonb) from public;
grant execute on function internal.site_content_problem(text, jsonb) to authenticated, service_role;

create or replace function internal.check_site_content_draft() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  problem text := internal.site_content_problem(new.section, new.body);
begin
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  new.updated_by_email := auth.jwt() ->> 'email';
  if tg_op = 'UPDATE' then
    new.revision := old.revision + 1;
  end if;
  return new;
end;
$$;

revoke all on function internal.check_site_content_draft() from public;

drop trigger if exists site_content_drafts_check on public.site_content_drafts;
create trigger site_content_drafts_check
  before insert or update on public.site_content_drafts
  for each row
  execute function internal.check_site_content_draft();

-- Every instance that serves pages listens, and renders them again from the new version.
create or replace function internal.announce_site_content() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('site_content', new.id::text);
  return null;
end;
$$;

revoke all on function internal.announce_site_content() from public;

drop trigger if exists site_content_versions_announce on public.site_content_versions;
create trigger site_content_versions_announce
  after insert on public.site_content_versions
  for each row
  execute function internal.announce_site_content();

alter table public.site_content_drafts enable row level security;
alter table public.site_content_versions enable row level security;
revoke all on table public.site_content_drafts from anon, authenticated, service_role;
revoke all on table public.site_content_versions from anon, authenticated, service_role;
grant select, insert, update (body) on table public.site_content_drafts to authenticated;
grant select, insert on table public.site_content_versions to authenticated;
grant all on table public.site_content_drafts, public.site_content_versions to service_role;

drop policy if exists "Team members read drafts" on public.site_content_drafts;
create policy "Team members read drafts"
  on public.site_content_drafts for select to authenticated
  using ((select internal.is_team_member()));

drop policy if exists "Team members write drafts" on public.site_content_drafts;
create policy "Team members write drafts"
  on public.site_content_drafts for insert to authenticated
  with check ((select internal.is_team_member()));

drop policy if exists "Team members change drafts" on public.site_content_drafts;
create policy "Team members change drafts"
  on public.site_content_drafts for update to authenticated
  using ((select internal.is_team_member()))
  with check ((select internal.is_team_member()));

drop policy if exists "Team members read versions" on public.site_content_versions;
create policy "Team members read versions"
  on public.site_content_versions for select to authenticated
  using ((select internal.is_team_member()));

drop policy if exists "Team members publish versions" on public.site_content_versions;
create policy "Team members publish versions"
  on public.site_content_versions for insert to authenticated
  with check (
    (select internal.is_team_member())
    and published_by = auth.uid()
  );

-- What everyone reads: the newest version's content, without who published it. A view owned by
-- the migration's role reads past the table's policies, and shows this one row only.
create or replace view public.published_site_content as
  select id as version, content, published_at
    from public.site_content_versions
   order by id desc
   limit 1;

comment on view public.published_site_content is
  'The site''s published content: the newest version, as every visitor reads it.';

revoke all on table public.published_site_content from anon, authenticated, service_role;
grant select on table public.published_site_content to anon, authenticated, service_role;

-- Saves one section's draft, when it is still at the revision the member started from; the
-- first save of a section names revision 0. Refused with PT409 (HTTP 409) otherwise: the
-- message names who saved it last and when, the details carry their revision and body, so the
-- editor can show both texts and keep what this member typed.
create or replace function public.save_site_draft(
  section text,
  body jsonb,
  base_revision integer
)
  returns public.site_content_drafts
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  saved public.site_content_drafts;
  current public.site_content_drafts;
begin
  if not internal.may_edit_site() then
    raise exception 'Only team members signed in with two factors edit the site'
      using errcode = '42501';
  end if;
  if base_revision = 0 then
    insert into public.site_content_drafts as draft (section, body)
    values (save_site_draft.section, save_site_draft.body)
    on conflict on constraint site_content_drafts_pkey do nothing
    returning * into saved;
  else
    update public.site_content_drafts as draft
       set body = save_site_draft.body
     where draft.section = save_site_draft.section
       and draft.revision = base_revision
    returning * into saved;
  end if;
  if saved.section is not null then
    return saved;
  end if;
  select * into current
    from public.site_content_drafts as draft
   where draft.section = save_site_draft.section;
  if current.section is null then
    raise exception 'No draft of % yet: save it from revision 0', save_site_draft.section
      using errcode = '22023';
  end if;
  raise exception '% changed this at %',
      coalesce(current.updated_by_email, 'Someone'),
      pg_catalog.to_char(current.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    using errcode = 'PT409',
          detail = pg_catalog.jsonb_build_object(
            'section', current.section,
            'revision', current.revision,
            'updated_at', current.updated_at,
            'updated_by_email', current.updated_by_email,
            'body', current.body)::text,
          hint = 'Your text is kept: compare it with theirs, then save again from their revision.';
end;
$$;

-- The sections in which `next` differs from the newest published version: all of them before
-- the first. What publishing and restoring record as changed, and refuse when it is none.
create or replace function internal.changed_sections(next jsonb)
  returns text[]
  language sql
  stable
  set search_path = ''
as $$
  with newest as (
    select version.content
      from public.site_content_versions as version
     order by version.id desc
     limit 1
  )
  select coalesce(pg_catalog.array_agg(section order by section), '{}')
    from (select pg_catalog.jsonb_object_keys(next) as section
          union
          select pg_catalog.jsonb_object_keys(newest.content) from newest) as sections
   where (select newest.content from newest) -> section is distinct from next -> section;
$$;

revoke all on function internal.changed_sections(jsonb) from public;
grant execute on function internal.changed_sections(jsonb) to authenticated, service_role;

-- Publishes every draft as one new version, and answers it; `changed` lists the sections that
-- differ from the version before. Nothing to publish is refused, so history holds only changes.
create or replace function public.publish_site_content()
  returns public.site_content_versions
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  next_content jsonb;
  sections text[];
  published public.site_content_versions;
begin
  if not internal.may_edit_site() then
    raise exception 'Only team members signed in with two factors publish the site'
      using errcode = '42501';
  end if;
  select coalesce(pg_catalog.jsonb_object_agg(draft.section, draft.body), '{}'::jsonb)
    into next_content
    from public.site_content_drafts as draft;
  sections := internal.changed_sections(next_content);
  if pg_catalog.cardinality(sections) = 0 then
    raise exception 'Nothing has changed since the last publication' using errcode = '22023';
  end if;
  insert into public.site_content_versions (content, changed, published_by, published_by_email)
  values (next_content, sections, auth.uid(), auth.jwt() ->> 'email')
  returning * into published;
  return published;
end;
$$;

-- Publishes an earlier version again, as a new version, and makes it the drafts too: what the
-- editor shows next is what the site shows.
create or replace function public.restore_site_content(version_id bigint)
  returns public.site_content_versions
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  earlier public.site_content_versions;
  sections text[];
  published public.site_content_versions;
begin
  if not internal.may_edit_site() then
    raise exception 'Only team members signed in with two factors publish the site'
      using errcode = '42501';
  end if;
  select * into earlier
    from public.site_content_versions as version
   where version.id = version_id;
  if earlier.id is null then
    raise exception 'There is no version %', version_id using errcode = '22023';
  end if;
  sections := internal.changed_sections(earlier.content);
  if pg_catalog.cardinality(sections) = 0 then
    raise exception 'Version % is what the site shows already', version_id
      using errcode = '22023';
  end if;
  insert into public.site_content_drafts as draft (section, body)
  select entry.key, entry.value from pg_catalog.jsonb_each(earlier.content) as entry
  on conflict on constraint site_content_drafts_pkey do update
    set body = excluded.body
    where draft.body is distinct from excluded.body;
  insert into public.site_content_versions
    (content, changed, published_by, published_by_email, restored_from)
  values (earlier.content, sections, auth.uid(), auth.jwt() ->> 'email', earlier.id)
  returning * into published;
  return published;
end;
$$;

-- A hosted project's default privileges grant every new function to anon: taken back here.
revoke execute on function public.save_site_draft(text, jsonb, integer) from public, anon;
revoke execute on function public.publish_site_content() from public, anon;
revoke execute on function public.restore_site_content(bigint) from public, anon;
grant execute on function public.save_site_draft(text, jsonb, integer)
  to authenticated, service_role;
grant execute on function public.publish_site_content() to authenticated, service_role;
grant execute on function public.restore_site_content(bigint) to authenticated, service_role;
