-- Photos nobody names go after a while, so site-media does not grow for ever: one uploaded for a
-- draft that was dropped, or replaced in the content by another. Kept while any draft or any
-- version names it (so a restore finds its photos), and for unnamed_photo_days (30 by default)
-- after its upload, time enough to put a new photo into a draft and save it.
alter table private.retention
  add column if not exists unnamed_photo_days integer not null default 30
    constraint retention_unnamed_photo_days check (unnamed_photo_days >= 1);

comment on column private.retention.unnamed_photo_days is
  'A photo in site-media that no draft and no version names is removed this many days after its upload.';

-- Removes the rows of site-media's unnamed photos older than the setting at `at`, and answers
-- them, so the server removes their bytes. One instance at a time: another that runs meanwhile
-- removes nothing and answers no row. A draft saved meanwhile waits for the sweep's end, so no
-- photo is taken while a draft comes to name it. The server runs it every hour; on a hosted
-- project Storage keeps the bytes and its own rules, so it is not called there.
create or replace function internal.sweep_site_media(at timestamptz default now())
  returns table (name text, version text)
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
#variable_conflict use_column
declare
  kept_for interval;
begin
  if not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtext('kalima site-media sweep')) then
    return;
  end if;
  select pg_catalog.make_interval(days => settings.unnamed_photo_days) into kept_for
    from private.retention as settings;
  lock table public.site_content_drafts in share mode;
  return query
    with named as (
      select pg_catalog.jsonb_path_query(published.content, 'strict $.**.image.path') #>> '{}' as path
        from public.site_content_versions as published
      union
      select pg_catalog.jsonb_path_query(draft.body, 'strict $.**.image.path') #>> '{}'
        from public.site_content_drafts as draft
    )
    delete from storage.objects as object
     where object.bucket_id = 'site-media'
       and object.created_at < at - kept_for
       and not exists (select 1 from named where named.path = object.name)
    returning object.name, object.version;
end;
$$;

revoke all on function internal.sweep_site_media(timestamptz) from public, anon, authenticated, service_role;
