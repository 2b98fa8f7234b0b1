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

create or replace function public.search_submissions(query text)
  returns setof public.contact_submissions
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  folded text := public.fold_for_search(pg_catalog.btrim(coalesce(query, '')));
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_team_member() then
    raise exception 'Only members of the team may search submissions'
      using errcode = '42501';
  end if;
  return query
    select s.*
      from public.contact_submissions s
     where s.search_text
           like '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
                folded, '\', '\\'), '%', '\%'), '_', '\_') || '%';
end;
$$;
