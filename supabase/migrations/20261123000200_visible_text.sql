-- A name or message must hold something to read: btrim() left tabs, newlines, no-break,
-- zero-width and ideographic spaces, so a "message" of only those was stored.
create or replace function public.has_visible_text(value text) returns boolean
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select pg_catalog.regexp_replace(
    value,
    '[\s\u0085\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]',
    '',
    'g'
  ) <> '';
$$;

comment on function public.has_visible_text(text) is
  'Whether text holds anything but white space, zero-width characters and direction marks.';

-- Not valid: rows stored before keep their place; every new or changed row is checked.
alter table public.contact_submissions
  drop constraint if exists contact_submissions_name_length,
  add constraint contact_submissions_name_length
    check (char_length(name) between 1 and 200 and public.has_visible_text(name)) not valid,
  drop constraint if exists contact_submissions_message_length,
  add constraint contact_submissions_message_length
    check (char_length(message) between 1 and 5000 and public.has_visible_text(message)) not valid;
