-- A search's page found inside the function. PostgreSQL gathers every row a set-returning
-- function returns before the caller's filters, order and range apply to them; so a word in one
-- message of ten, at a million submissions, read and sorted a hundred thousand rows to show
-- fifty, and a count asked beside it ran the search once more. Given the form, the status and
-- the page, the function finds the newest matches itself:
--
-- 1. among the 5,000 newest rows (read through the created_at index): a common word fills a
--    page there;
-- 2. else through the trigram index, up to 20,000 matches gathered and sorted: all of a rarer
--    word's matches;
-- 3. else (a common word, a deep page) among the 50,000 newest rows, and past them all matches.
--
-- The newest rows that hold a page's matches hold the newest matches, so every way gives the
-- same page. Called with the query alone, it returns every match, as before: the inbox's
-- selection of all matches and its export page through them with PostgREST's own filters,
-- order and range.
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
  matching text := pg_catalog.format('s.search_text like %L', public.search_pattern(query));
  conditions text := '';
  skipped integer := coalesce(row_offset, 0);
  page public.contact_submissions[];
  gathered integer;
  -- The page among the newest rows, the window's size first: steps 1 and 3 below.
  among_newest text := 'select coalesce(pg_catalog.array_agg(s order by s.created_at desc, s.id desc), ''{}'')
       from (select s.* from (select * from public.contact_submissions s
                               where true%2$s order by s.created_at desc, s.id desc limit %1$s) s
              where %3$s order by s.created_at desc, s.id desc limit %4$s offset %5$s) s';
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_team_member() then
    raise exception 'Only members of the team may search submissions'
      using errcode = '42501';
  end if;
  if row_limit < 0 or row_offset < 0 then
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
    conditions := conditions || $sql$ and s.status <> 'spam'$sql$;
  end if;

  if row_limit is null then
    return query execute pg_catalog.format(
      'select s.* from public.contact_submissions s where %s%s offset %s',
      matching, conditions, skipped);
    return;
  end if;

  -- 1. The newest rows.
  execute pg_catalog.format(among_newest, 5000, conditions, matching, row_limit, skipped)
    into page;
  if pg_catalog.cardinality(page) = row_limit then
    return query select * from pg_catalog.unnest(page);
    return;
  end if;

  -- 2. Every match, when there are not too many.
  execute pg_catalog.format(
    'select count(*) from (select 1 from public.contact_submissions s where %s%s limit 20001) s',
    matching, conditions)
    into gathered;
  if gathered <= 20000 then
    return query execute pg_catalog.format(
      'with found as materialized (select s.* from public.contact_submissions s where %s%s)
       select s.* from found s order by s.created_at desc, s.id desc limit %s offset %s',
      matching, conditions, row_limit, skipped);
    return;
  end if;

  -- 3. A common word, far down its matches.
  execute pg_catalog.format(among_newest, 50000, conditions, matching, row_limit, skipped)
    into page;
  if pg_catalog.cardinality(page) = row_limit then
    return query select * from pg_catalog.unnest(page);
    return;
  end if;
  return query execute pg_catalog.format(
    'select s.* from public.contact_submissions s where %s%s
      order by s.created_at desc, s.id desc limit %s offset %s',
    matching, conditions, row_limit, skipped);
end;
$$;

comment on function public.search_submissions(text, text, text, boolean, integer, integer) is
  'Submissions holding the query in their name, email, phone, message or note (folded), for team members only; given form, status (spam false leaves spam out) and row_limit/row_offset, that page of them, newest first.';

revoke all on function public.search_submissions(text, text, text, boolean, integer, integer)
  from public, anon;
grant execute on function public.search_submissions(text, text, text, boolean, integer, integer)
  to authenticated, service_role;

-- The counts beside a search read at most 1,001 matches, in one pass: up to a thousand they are
-- exact; past it the answer says so ("more": true) and the inbox says "more than 1,000" without
-- a count of each status, rather than read a hundred thousand matches to give them.
drop function if exists public.search_submission_counts(text, text);

create function public.search_submission_counts(query text, form text default null)
  returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  counts jsonb;
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_team_member() then
    raise exception 'Only members of the team may search submissions'
      using errcode = '42501';
  end if;
  execute pg_catalog.format(
    $sql$select pg_catalog.jsonb_build_object(
              'new', count(*) filter (where s.status = 'new'),
              'in_progress', count(*) filter (where s.status = 'in_progress'),
              'done', count(*) filter (where s.status = 'done'),
              'spam', count(*) filter (where s.status = 'spam'),
              'unread', count(*) filter (where not s.seen and s.status <> 'spam'),
              'more', count(*) > 1000)
       from (select s.status, s.seen from public.contact_submissions s
              where s.search_text like %L%s limit 1001) s$sql$,
    public.search_pattern(query),
    case when form is null then '' else pg_catalog.format(' and s.form_source = %L', form) end)
    into counts;
  return counts;
end;
$$;

comment on function public.search_submission_counts(text, text) is
  'How many submissions holding the query (as search_submissions finds them) have each status, and how many unread, read from at most 1,001 matches: "more" true says there are more than 1,000 and the counts are of those read; team members only.';

revoke all on function public.search_submission_counts(text, text) from public, anon;
grant execute on function public.search_submission_counts(text, text) to authenticated, service_role;
