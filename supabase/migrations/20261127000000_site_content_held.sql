-- What goes live is what a member reviewed (docs/decisions/0030). Drafts and versions are written
-- only by the site's own functions, which run as their owner: a client's insert or update on
-- either table is refused, so no member can publish unchecked content, credit another member,
-- or skip a draft's revision check. A publish names the drafts the member reviewed (section →
-- revision) and the version it started from, and is refused with the drafts that changed
-- since, by whom; a restore names the drafts it replaces the same way. Publishes, restores and
-- saves are serialised on the drafts' table, briefly. The version a publish is reviewed
-- against, and what it records as changed, is the live one: the newest whose content renders
-- (20261127000700). The content's rules name the field they refuse, so the editor marks it.

alter table public.site_content_drafts
  add column if not exists restored_from bigint,
  add column if not exists schema_version integer not null default 1;

alter table public.site_content_versions
  add column if not exists schema_version integer not null default 1;

comment on column public.site_content_drafts.restored_from is
  'The version a restore wrote this draft from, until the next save: what tells a member whose text a restore replaced.';
comment on column public.site_content_drafts.schema_version is
  'The version of the content''s shape this body is written in (src/shared/site-content.ts), so a later shape can read it.';
comment on column public.site_content_versions.schema_version is
  'The version of the content''s shape this document is written in (src/shared/site-content.ts), so a later shape can read it.';

-- What no section may hold, and where: links that are not https on their own service's hosts.
-- Words are rendered as text and never as an address, so a text may say "Data: ..." freely;
-- the editor's schema checks everything else. Each rule here has the same rule in the shared
-- schema, so the editor never offers what the database refuses. `path` is the field's place in
-- the section, as the editor names it (["2", "youtube"]).
create or replace function internal.site_content_problem_at(
  section text,
  body jsonb,
  out path text[],
  out message text
)
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  found record;
  link_shape constant text := '^https://([a-z0-9-]+\.)*(%s)([/?#][^[:space:]]*)?$';
  hosts constant jsonb := '{
    "instagram": "instagram\\.com", "x": "(x|twitter)\\.com", "youtube": "youtube\\.com",
    "tiktok": "tiktok\\.com", "facebook": "(facebook|fb)\\.com"
  }';
begin
  if section is null
     or section not in ('programs', 'mutakallim', 'links', 'values', 'stories', 'pages') then
    path := '{}';
    message := pg_catalog.format('Not a section of the site: %s', section);
    return;
  end if;
  path := '{}';
  if body is null or pg_catalog.jsonb_typeof(body) not in ('object', 'array') then
    message := 'A section is a JSON object or array';
    return;
  end if;
  if pg_catalog.octet_length(body::text) > 60000 then
    message := 'A section is at most 60000 bytes';
    return;
  end if;
  if section = 'programs' and pg_catalog.jsonb_typeof(body) = 'array' then
    for found in
      select (item.position - 1)::text as position, item.value -> 'youtube' as link
        from pg_catalog.jsonb_array_elements(body) with ordinality as item(value, position)
       where pg_catalog.jsonb_typeof(item.value) = 'object' and item.value ? 'youtube'
    loop
      path := array[found.position, 'youtube'];
      if pg_catalog.jsonb_typeof(found.link) <> 'string' then
        message := 'A YouTube link is text';
        return;
      end if;
      if found.link #>> '{}' <> ''
         and found.link #>> '{}' !~* pg_catalog.format(link_shape, 'youtube\.com|youtu\.be') then
        message := pg_catalog.format('A YouTube link is https on youtube.com or youtu.be: %s',
                                     pg_catalog.left(found.link #>> '{}', 80));
        return;
      end if;
    end loop;
  end if;
  if section = 'links' then
    if pg_catalog.jsonb_typeof(body) <> 'object' then
      message := 'The links are a JSON object';
      return;
    end if;
    for found in select key, value from pg_catalog.jsonb_each(body) loop
      path := array[found.key];
      if not hosts ? found.key then
        message := pg_catalog.format('Not a social network of the site: %s', found.key);
        return;
      end if;
      if pg_catalog.jsonb_typeof(found.value) <> 'string' then
        message := pg_catalog.format('The %s link is text', found.key);
        return;
      end if;
      if found.value #>> '{}' <> ''
         and found.value #>> '{}' !~* pg_catalog.format(link_shape, hosts ->> found.key) then
        message := pg_catalog.format('The %s link is https on its own site: %s',
                                     found.key, pg_catalog.left(found.value #>> '{}', 80));
        return;
      end if;
    end loop;
  end if;
  path := null;
end;
$$;

revoke all on function internal.site_content_problem_at(text, jsonb) from public;
grant execute on function internal.site_content_problem_at(text, jsonb)
  to authenticated, service_role;

-- Refuses a section the rules refuse, with the field in the details for the editor to mark.
create or replace function internal.refuse_site_content(section text, body jsonb)
  returns void
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  problem record;
begin
  select * into problem from internal.site_content_problem_at(section, body);
  if problem.message is not null then
    raise exception '%', problem.message
      using errcode = '22023',
            detail = pg_catalog.jsonb_build_object('section', section, 'path', problem.path)::text;
  end if;
end;
$$;

revoke all on function internal.refuse_site_content(text, jsonb) from public;
grant execute on function internal.refuse_site_content(text, jsonb) to authenticated, service_role;

create or replace function internal.check_site_content_draft() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform internal.refuse_site_content(new.section, new.body);
  new.updated_at := pg_catalog.now();
  new.updated_by := auth.uid();
  new.updated_by_email := auth.jwt() ->> 'email';
  if tg_op = 'UPDATE' then
    new.revision := old.revision + 1;
  end if;
  return new;
end;
$$;

-- The text-only check the old trigger called, which the rules with their field replace.
drop function if exists internal.site_content_problem(text, jsonb);

-- Every version meets the drafts' rules, whoever writes it (an import, the server's own seed),
-- and is stamped by the database.
create or replace function internal.check_site_content_version() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  entry record;
begin
  if new.content is null or pg_catalog.jsonb_typeof(new.content) <> 'object' then
    raise exception 'A version''s content is a JSON object of sections' using errcode = '22023';
  end if;
  for entry in select key, value from pg_catalog.jsonb_each(new.content) loop
    perform internal.refuse_site_content(entry.key, entry.value);
  end loop;
  new.published_at := pg_catalog.now();
  return new;
end;
$$;

revoke all on function internal.check_site_content_version() from public;

drop trigger if exists site_content_versions_check on public.site_content_versions;
create trigger site_content_versions_check
  before insert on public.site_content_versions
  for each row
  execute function internal.check_site_content_version();

-- Clients read; only the functions below write.
revoke insert, update, delete on table public.site_content_drafts from authenticated;
revoke insert, update, delete on table public.site_content_versions from authenticated;
drop policy if exists "Team members write drafts" on public.site_content_drafts;
drop policy if exists "Team members change drafts" on public.site_content_drafts;
drop policy if exists "Team members publish versions" on public.site_content_versions;

-- What publishing and restoring record as changed: the sections that differ from the live
-- version (all of them before the first).
create or replace function internal.changed_sections(next jsonb)
  returns text[]
  language sql
  stable
  set search_path = ''
as $$
  with live as (
    select version.content
      from public.site_content_versions as version
     where version.render_problem is null
     order by version.id desc
     limit 1
  )
  select coalesce(pg_catalog.array_agg(section order by section), '{}')
    from (select pg_catalog.jsonb_object_keys(next) as section
          union
          select pg_catalog.jsonb_object_keys(live.content) from live) as sections
   where (select live.content from live) -> section is distinct from next -> section;
$$;

-- The drafts as the member reviewed them, against the drafts as they are: every draft whose
-- revision differs, or that the member did not see, with who saved it and when. Empty when the
-- member saw them all as they are.
create or replace function internal.drafts_changed_since(reviewed jsonb)
  returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'section', coalesce(draft.section, seen.key),
           'revision', coalesce(draft.revision, 0),
           'seen_revision', coalesce(seen.revision, 0),
           'updated_at', draft.updated_at,
           'updated_by_email', draft.updated_by_email,
           'restored_from', draft.restored_from)
         order by coalesce(draft.section, seen.key)), '[]'::jsonb)
    from public.site_content_drafts as draft
    full join (select entry.key,
                      case when pg_catalog.jsonb_typeof(entry.value) = 'number'
                           then (entry.value #>> '{}')::numeric end as revision
                 from pg_catalog.jsonb_each(reviewed) as entry) as seen
      on seen.key = draft.section
   where coalesce(draft.revision, 0) <> coalesce(seen.revision, 0);
$$;

revoke all on function internal.drafts_changed_since(jsonb) from public;

-- Refused with PT409 (HTTP 409) when the drafts or the live version are not what the member
-- reviewed (the live version is the published view's); the details list each changed draft, so
-- the editor can name who changed what.
create or replace function internal.refuse_unreviewed(reviewed jsonb, base_version bigint)
  returns void
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  changed jsonb;
  live bigint;
begin
  select published.version into live from public.published_site_content as published;
  changed := internal.drafts_changed_since(reviewed);
  if pg_catalog.jsonb_array_length(changed) = 0 and base_version is not distinct from live then
    return;
  end if;
  raise exception '%',
      case when pg_catalog.jsonb_array_length(changed) > 0
           then 'The drafts changed since you reviewed them'
           else pg_catalog.format('Version %s was published since you reviewed the drafts', live)
      end
    using errcode = 'PT409',
          detail = pg_catalog.jsonb_build_object('drafts', changed, 'version', live)::text,
          hint = 'Review the drafts again: nothing was published.';
end;
$$;

revoke all on function internal.refuse_unreviewed(jsonb, bigint) from public;

-- Begins a publish or a restore: refuses a caller who may not edit the site, then holds the
-- content, one publish, restore or save at a time (saves wait for a publish's few milliseconds,
-- and a publish never reads half of a restore). Answers whether the caller must name what they
-- were shown (`shown`, section by revision): a member always; the service role (the content
-- import, which saved the drafts itself) when it chooses to.
create or replace function internal.begin_site_change(shown jsonb, naming text)
  returns boolean
  language plpgsql
  volatile
  set search_path = ''
as $$
begin
  if not internal.may_edit_site() then
    raise exception 'Only team members signed in with two factors publish the site'
      using errcode = '42501';
  end if;
  lock table public.site_content_drafts in share row exclusive mode;
  lock table public.site_content_versions in share row exclusive mode;
  if shown is null and pg_catalog.current_setting('role', true) = 'service_role' then
    return false;
  end if;
  if shown is null or pg_catalog.jsonb_typeof(shown) <> 'object' then
    raise exception 'Name the drafts %, as {"section": revision}', naming using errcode = '22023';
  end if;
  return true;
end;
$$;

revoke all on function internal.begin_site_change(jsonb, text) from public;

-- Saves one section's draft, when it is still at the revision the member started from; the
-- first save of a section names revision 0. Refused with PT409 (HTTP 409) otherwise: the
-- message names who saved it last and when (or restored it), the details carry their revision
-- and body, so the editor can show both texts and keep what this member typed.
create or replace function public.save_site_draft(
  section text,
  body jsonb,
  base_revision integer
)
  returns public.site_content_drafts
  language plpgsql
  volatile
  security definer
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
  perform internal.refuse_site_content(save_site_draft.section, save_site_draft.body);
  if base_revision = 0 then
    insert into public.site_content_drafts as draft (section, body)
    values (save_site_draft.section, save_site_draft.body)
    on conflict on constraint site_content_drafts_pkey do nothing
    returning * into saved;
  else
    update public.site_content_drafts as draft
       set body = save_site_draft.body,
           restored_from = null
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
  raise exception '%',
      pg_catalog.format(
        case when current.restored_from is not null then '%s restored version %s at %s'
             else '%s changed this at %3$s' end,
        coalesce(current.updated_by_email, 'Someone'),
        current.restored_from,
        pg_catalog.to_char(current.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
    using errcode = 'PT409',
          detail = pg_catalog.jsonb_build_object(
            'section', current.section,
            'revision', current.revision,
            'updated_at', current.updated_at,
            'updated_by_email', current.updated_by_email,
            'restored_from', current.restored_from,
            'body', current.body)::text,
          hint = 'Your text is kept: compare it with theirs, then save again from their revision.';
end;
$$;

-- Publishes the drafts the member reviewed as one new version, and answers it; `changed` lists
-- the sections that differ from the version before. `reviewed` maps each draft's section to the
-- revision the member saw, `base_version` is the version they saw live. The service role (the
-- content import, which saved the drafts itself) may leave both out.
drop function if exists public.publish_site_content();
create or replace function public.publish_site_content(
  reviewed jsonb default null,
  base_version bigint default null
)
  returns public.site_content_versions
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  next_content jsonb;
  sections text[];
  published public.site_content_versions;
begin
  if internal.begin_site_change(reviewed, 'you reviewed') then
    perform internal.refuse_unreviewed(reviewed, base_version);
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
-- editor shows next is what the site shows. `replacing` maps each draft's section to the
-- revision the member was shown when asked whose drafts the restore replaces; the drafts it
-- replaces then carry `restored_from`, which their authors' next save is told.
drop function if exists public.restore_site_content(bigint);
create or replace function public.restore_site_content(
  version_id bigint,
  replacing jsonb default null
)
  returns public.site_content_versions
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  earlier public.site_content_versions;
  sections text[];
  changed jsonb;
  published public.site_content_versions;
begin
  if internal.begin_site_change(replacing, 'the restore replaces') then
    changed := internal.drafts_changed_since(replacing);
    if pg_catalog.jsonb_array_length(changed) > 0 then
      raise exception 'The drafts changed since you were shown whose the restore replaces'
        using errcode = 'PT409',
              detail = pg_catalog.jsonb_build_object('drafts', changed)::text,
              hint = 'Look at the drafts again: nothing was restored.';
    end if;
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
  insert into public.site_content_drafts as draft (section, body, restored_from)
  select entry.key, entry.value, earlier.id
    from pg_catalog.jsonb_each(earlier.content) as entry
  on conflict on constraint site_content_drafts_pkey do update
    set body = excluded.body,
        restored_from = excluded.restored_from
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
revoke execute on function public.publish_site_content(jsonb, bigint) from public, anon;
revoke execute on function public.restore_site_content(bigint, jsonb) from public, anon;
grant execute on function public.save_site_draft(text, jsonb, integer)
  to authenticated, service_role;
grant execute on function public.publish_site_content(jsonb, bigint)
  to authenticated, service_role;
grant execute on function public.restore_site_content(bigint, jsonb)
  to authenticated, service_role;
