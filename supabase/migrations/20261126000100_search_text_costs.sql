-- The stored search text is computed before the row's checks run, so a message of 60 kB, which
-- the length check then refuses, was folded whole first: the costliest request an anonymous
-- caller could send (about 20 ms of the embedded database's one connection each). A row past
-- any column's length bound is never stored, so its search text is not computed; a row within
-- them gets the same text as before, so nothing stored changes.
create or replace function internal.submission_search_text(
  name text, email text, phone text, message text, note text
) returns text
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select case
    when pg_catalog.char_length(name) > 200
      or pg_catalog.char_length(email) > 320
      or pg_catalog.char_length(phone) > 40
      or pg_catalog.char_length(message) > 5000
      or pg_catalog.char_length(note) > 5000
      then null
    else internal.fold_for_search(
      name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || message || ' ' || coalesce(note, '')
    )
  end;
$$;

-- The trigram index takes new rows into a pending list, merged into the index when the list
-- passes gin_pending_list_limit (4 MB by default) or when VACUUM runs. Every search reads the
-- whole list, so searches slowed as visitors' inserts grew it (from 18 ms to 140 ms for the
-- inbox's first page of a search at 50,000 rows, after a few thousand inserts), and the insert
-- that passed the limit merged all of it while everyone waited (hundreds of ms). The embedded
-- database has no autovacuum to merge it sooner. At 64 kB each merge is a few ms, and so is the
-- list a search reads.
alter index public.contact_submissions_search_text_idx set (gin_pending_list_limit = 64);
