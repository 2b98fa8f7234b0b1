-- The inbox shows, beside a search, how many of its matches have each status and how many
-- nobody has opened. Asked as five counts, each ran the search again; this reads the matches
-- once. Members only, checked here as search_submissions checks it.
create or replace function public.search_submission_counts(query text, form text default null)
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
  select pg_catalog.jsonb_build_object(
           'new', count(*) filter (where s.status = 'new'),
           'in_progress', count(*) filter (where s.status = 'in_progress'),
           'done', count(*) filter (where s.status = 'done'),
           'spam', count(*) filter (where s.status = 'spam'),
           'unread', count(*) filter (where not s.seen and s.status <> 'spam'))
    into counts
    from public.contact_submissions s
   where s.search_text like public.search_pattern(query)
     and (form is null or s.form_source = form);
  return counts;
end;
$$;

comment on function public.search_submission_counts(text, text) is
  'How many submissions holding the query (as search_submissions finds them) have each status, and how many unread; team members only.';

revoke all on function public.search_submission_counts(text, text) from public, anon;
grant execute on function public.search_submission_counts(text, text) to authenticated, service_role;
