-- Photos on the site (docs/decisions/0036): a story, a program and a page's link preview may carry
-- `image: {path, alt: {ar, en}}`, `path` naming an object in the public bucket `site-media`. The
-- database holds what keeps a page safe and readable, whoever writes: a path that stays in its
-- bucket, with a photo's extension, and a description in both languages for a reader who cannot
-- see it. The pattern is the shared schema's `imagePathShape`, letter for letter.

create or replace function internal.site_image_problem(image jsonb, out part text, out message text)
  language plpgsql
  immutable
  set search_path = ''
as $$
begin
  part := null;
  if pg_catalog.jsonb_typeof(image) <> 'object' then
    message := 'A photo is a JSON object of its path and alt text';
    return;
  end if;
  part := 'path';
  if pg_catalog.jsonb_typeof(image -> 'path') is distinct from 'string'
     or pg_catalog.char_length(image ->> 'path') > 200
     or image ->> 'path' !~ '^([A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(jpe?g|png|webp|avif|JPE?G|PNG|WEBP|AVIF)$' then
    message := pg_catalog.format('A photo''s path names a JPEG, PNG, WebP or AVIF object in site-media: %s',
                                 pg_catalog.left(image ->> 'path', 80));
    return;
  end if;
  part := 'alt';
  if pg_catalog.jsonb_typeof(image -> 'alt') is distinct from 'object' then
    message := 'A photo''s alt text is given in both languages';
    return;
  end if;
  for part in select language from pg_catalog.unnest(array['ar', 'en']) as language loop
    if pg_catalog.jsonb_typeof(image -> 'alt' -> part) is distinct from 'string'
       or not internal.has_visible_text(image -> 'alt' ->> part) then
      part := 'alt.' || part;
      message := 'A photo''s alt text is given in both languages';
      return;
    end if;
  end loop;
  part := null;
end;
$$;

revoke all on function internal.site_image_problem(jsonb) from public;
grant execute on function internal.site_image_problem(jsonb) to authenticated, service_role;

-- The rules of 20261127000000, and each photo's after them: `path` names the photo's field.
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
  photo record;
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
    if photo.message is not null then
      path := found.place || pg_catalog.string_to_array(photo.part, '.');
      message := photo.message;
      return;
    end if;
  end loop;
  path := null;
end;
$$;

revoke all on function internal.site_content_problem_at(text, jsonb) from public;
grant execute on function internal.site_content_problem_at(text, jsonb)
  to authenticated, service_role;
