-- A search's page found inside the function. PostgreSQL gathers every row a set-returning
-- function returns before the caller's filters, order and range apply to them; so a word in one
-- message of ten, at a million submissions, read and sorted a hundred thousand rows to show
-- fifty, and a count asked beside it ran the search once more. Given the form, the status and
-- the page, the function asks for the newest matches itself, and the planner, seeing the pattern
-- and the page as values (the statement is planned as it runs), chooses between walking the
-- newest rows until fifty match (a common word) and the trigram index (a rare one).
--
-- Called with the query alone, it returns every match, as before: the inbox's selection of all
-- matches and its export page through them with PostgREST's own filters, order and range.
drop function if exists public.search_submissions(text);

create function public.search_submissions(
  query text,
  form text default null,
  status text default null,
  spam boolean default true,
  row_limit integer default null,
  row_offset integer default 0
)
  returns setof public.contact_submissions
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  conditions text := pg_catalog.format('s.search_text like %L', public.search_pattern(query));
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_team_member() then
    raise exception 'Only members of the team may search submissions'
      using errcode = '42501';
  end if;
  if row_limit is not null and row_limit < 0 or row_offset < 0 then
    raise exception 'row_limit and row_offset may not be negative'
      using errcode = '22023';
  end if;
  if form is not null then
    conditions := conditions || pg_catalog.format(' and s.form_source = %L', form);
  end if;
  if status is not null then
    conditions := conditions || pg_catalog.format(' and s.status = %L', status);
  end if;
  if not coalesce(spam, true) then
    conditions := conditions || ' and s.status <> ''spam''';
  end if;
  if row_limit is null and coalesce(row_offset, 0) = 0 then
    return query execute 'select s.* from public.contact_submissions s where ' || conditions;
  else
    return query execute pg_catalog.format(
      'select s.* from public.contact_submissions s where %s
        order by s.created_at desc, s.id desc limit %s offset %s',
      conditions, coalesce(row_limit::text, 'all'), coalesce(row_offset, 0));
  end if;
end;
$$;

comment on function public.search_submissions(text, text, text, boolean, integer, integer) is
  'Submissions holding the query in their name, email, phone, message or note (folded), for team members only; given form, status (spam false leaves spam out) and row_limit/row_offset, that page of them, newest first.';

revoke all on function public.search_submissions(text, text, text, boolean, integer, integer)
  from public, anon;
grant execute on function public.search_submissions(text, text, text, boolean, integer, integer)
  to authenticated, service_role;

-- The counts beside a search stop at a thousand and one matches each: past a thousand the inbox
-- says "more than 1,000", and no count reads a hundred thousand matches to say so.
drop function if exists public.search_submission_counts(text, text);

create function public.search_submission_counts(query text, form text default null)
  returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  matching text := pg_catalog.format('s.search_text like %L', public.search_pattern(query));
  counts jsonb := '{}';
  counted integer;
  part record;
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_team_member() then
    raise exception 'Only members of the team may search submissions'
      using errcode = '42501';
  end if;
  if form is not null then
    matching := matching || pg_catalog.format(' and s.form_source = %L', form);
  end if;
  for part in
    select * from (values
      ('new', 's.status = ''new'''),
      ('in_progress', 's.status = ''in_progress'''),
      ('done', 's.status = ''done'''),
      ('spam', 's.status = ''spam'''),
      ('unread', 'not s.seen and s.status <> ''spam''')) as parts (name, condition)
  loop
    execute pg_catalog.format(
      'select count(*) from (select 1 from public.contact_submissions s
        where %s and %s limit 1001) as found',
      matching, part.condition)
      into counted;
    counts := counts || pg_catalog.jsonb_build_object(part.name, counted);
  end loop;
  return counts;
end;
$$;

comment on function public.search_submission_counts(text, text) is
  'How many submissions holding the query (as search_submissions finds them) have each status, and how many unread, each counted up to 1,001 (more than a thousand); team members only.';

revoke all on function public.search_submission_counts(text, text) from public, anon;
grant execute on function public.search_submission_counts(text, text) to authenticated, service_role;
