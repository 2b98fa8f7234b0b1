-- The site's photos stay as published (docs/security.md, "The site's photos"): in site-media a
-- photo is never replaced in place by anon or a member (the editor gives every upload a name of
-- its own, so a page and its cached variants keep what they showed), and a photo the live version
-- or a draft names is neither removed nor moved, by anyone: it is taken out of the content first.
-- A trigger on storage.objects, so it holds on a hosted project too, whichever route writes.

-- Whether the site names `photo` now: the live version (the one fact every reader of the
-- published content reads, 20261127000700) or any draft. A definer's rights: the trigger asks it
-- for roles that cannot read the drafts.
create or replace function internal.site_media_on_site(photo text) returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1
      from (select live.content as body from public.published_site_content as live
            union all
            select draft.body from public.site_content_drafts as draft) as named
     where pg_catalog.jsonb_path_exists(named.body, 'strict $.**.image.path ? (@ == $photo)',
                                        pg_catalog.jsonb_build_object('photo', photo))
  );
$$;

revoke all on function internal.site_media_on_site(text) from public;
grant execute on function internal.site_media_on_site(text) to anon, authenticated, service_role;

-- Refusals as a policy's (42501), which Storage answers 403 Unauthorized, with words that say
-- what to do instead. A write on a user's behalf carries their id (`sub`) whatever its role: a
-- signed upload URL a member made is written as the service role with the member's id, and
-- replaces no more than the member may. The service key itself names no user.
create or replace function internal.keep_site_media() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.bucket_id = old.bucket_id and new.name = old.name then
    if new.version is distinct from old.version
       and (current_user in ('anon', 'authenticated')
            or nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
               is not null) then
      raise exception 'site-media/% is never replaced: upload the new photo under a name of its own', old.name
        using errcode = '42501';
    end if;
    return new;
  end if;
  if internal.site_media_on_site(old.name) then
    raise exception 'site-media/% is on the site: the published content or a draft names it; take it out of them first', old.name
      using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

revoke all on function internal.keep_site_media() from public;

drop trigger if exists keep_site_media on storage.objects;
create trigger keep_site_media
  before update or delete on storage.objects
  for each row
  when (old.bucket_id = 'site-media')
  execute function internal.keep_site_media();
