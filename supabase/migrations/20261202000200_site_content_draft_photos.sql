-- A photo awaiting its description no longer stops its section saving (issue 54): a draft may
-- hold a photo without its description, so that the section's other fields reach the server (a
-- second tab, another member) while the member writes it; a version may not, so publishing
-- still refuses it, whoever publishes. A link holding a character that turns text around
-- (U+202E, which can show one address as another) is refused in drafts and versions alike.
-- The two-argument rules are replaced by ones that say which of the two they check; callers
-- that name two arguments (save_site_draft, the drafts' trigger) read the draft's rules.

drop function if exists internal.refuse_site_content(text, jsonb);
drop function if exists internal.site_content_problem_at(text, jsonb);

-- The rules of 20261127002000, for a draft (`publishing` false) or for what goes live: a photo's
-- description is asked for when publishing only, and a link holds no character that turns text
-- around (U+202E and its kin, the shared schema's `directionControls`).
create function internal.site_content_problem_at(
  section text,
  body jsonb,
  publishing boolean default false,
  out path text[],
  out message text
)
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  found record;
  photo record;
  link_shape constant text := '^https://([a-z0-9-]+\.)*(%s)([/?#][^[:space:]]*)?$';
  turning constant text := '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';
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
      if found.link #>> '{}' ~ turning then
        message := 'A YouTube link holds a character that turns text around';
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
      if found.value #>> '{}' ~ turning then
        message := pg_catalog.format('The %s link holds a character that turns text around',
                                     found.key);
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
  for found in
    select array[(item.position - 1)::text, 'image'] as place, item.value -> 'image' as image
      from pg_catalog.jsonb_array_elements(
             case when section in ('programs', 'stories') and pg_catalog.jsonb_typeof(body) = 'array'
                  then body else '[]'::jsonb end
           ) with ordinality as item(value, position)
     where pg_catalog.jsonb_typeof(item.value) = 'object' and item.value ? 'image'
    union all
    select array['meta', page.key, 'image'], page.value -> 'image'
      from pg_catalog.jsonb_each(
             case when section = 'pages' and pg_catalog.jsonb_typeof(body -> 'meta') = 'object'
                  then body -> 'meta' else '{}'::jsonb end
           ) as page
     where pg_catalog.jsonb_typeof(page.value) = 'object' and page.value ? 'image'
  loop
    select * into photo from internal.site_image_problem(found.image);
    if photo.message is not null
       and (publishing or photo.part is null or photo.part not like 'alt%') then
      path := found.place || pg_catalog.string_to_array(photo.part, '.');
      message := photo.message;
      return;
    end if;
  end loop;
  path := null;
end;
$$;

revoke all on function internal.site_content_problem_at(text, jsonb, boolean) from public;
grant execute on function internal.site_content_problem_at(text, jsonb, boolean)
  to authenticated, service_role;

-- Refuses a section the rules refuse, with the field in the details for the editor to mark: as a
-- draft, or as what goes live.
create function internal.refuse_site_content(
  section text,
  body jsonb,
  publishing boolean default false
)
  returns void
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  problem record;
begin
  select * into problem from internal.site_content_problem_at(section, body, publishing);
  if problem.message is not null then
    raise exception '%', problem.message
      using errcode = '22023',
            detail = pg_catalog.jsonb_build_object('section', section, 'path', problem.path)::text;
  end if;
end;
$$;

revoke all on function internal.refuse_site_content(text, jsonb, boolean) from public;
grant execute on function internal.refuse_site_content(text, jsonb, boolean)
  to authenticated, service_role;

-- Every version meets the rules of what goes live, whoever writes it (a publish, a restore, an
-- import, the server's own seed), and is stamped by the database.
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
    perform internal.refuse_site_content(entry.key, entry.value, true);
  end loop;
  new.published_at := pg_catalog.now();
  return new;
end;
$$;

revoke all on function internal.check_site_content_version() from public;
