-- The folded text a submission is searched by, stored beside it. The trigram index finds the
-- candidate rows; each candidate is then checked again against the text. On the expression
-- index that check folded the whole message anew for every candidate (most of a common term's
-- search); on a stored column it reads what was folded once, when the row was written.
alter table public.contact_submissions
  add column if not exists search_text text
  generated always as (
    public.submission_search_text(name, email, phone, message, note)
  ) stored;

comment on column public.contact_submissions.search_text is
  'The name, email, phone, message and note folded as fold_for_search folds them: what search_submissions looks in.';

drop index if exists public.contact_submissions_search_idx;
create index if not exists contact_submissions_search_text_idx
  on public.contact_submissions using gin (search_text extensions.gin_trgm_ops);

-- What search_submissions and search_submission_counts look for: the query folded, its LIKE
-- wildcards taken literally, anywhere in the text.
create or replace function public.search_pattern(query text) returns text
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
           public.fold_for_search(pg_catalog.btrim(coalesce(query, ''))),
           '\', '\\'), '%', '\%'), '_', '\_') || '%';
$$;

revoke all on function public.search_pattern(text) from public, anon;
grant execute on function public.search_pattern(text) to authenticated, service_role;

create or replace function public.search_submissions(query text)
  returns setof public.contact_submissions
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_team_member() then
    raise exception 'Only members of the team may search submissions'
      using errcode = '42501';
  end if;
  return query
    select s.* from public.contact_submissions s
     where s.search_text like public.search_pattern(query);
end;
$$;
