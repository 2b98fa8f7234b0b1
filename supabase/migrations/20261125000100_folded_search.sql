-- The inbox's text search, as Arabic writers vary what they type: hamza forms (أ إ آ ٱ → ا),
-- ى → ي, ة → ه, tatweel and diacritics dropped, Arabic-Indic and Eastern Arabic-Indic digits
-- read as Latin ones, letter case ignored; the same folding on the stored text and on the
-- query, across the name, email, phone, message and the team's note. A trigram index serves
-- it. Row-level security would keep PostgreSQL from using that index (LIKE is not leakproof,
-- so the policy's check runs first, row by row), so the search is a function that checks
-- membership itself and reads as its owner; PostgREST serves it at /rest/v1/rpc/search_submissions
-- with the inbox's other filters, order and range applied to its rows.

create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

create or replace function public.fold_for_search(value text) returns text
  language sql
  immutable
  parallel safe
  strict
  set search_path = ''
as $$
  select pg_catalog.lower(pg_catalog.translate(
    pg_catalog.regexp_replace(value, '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'اااايه01234567890123456789'
  ));
$$;

comment on function public.fold_for_search(text) is
  'Text as the inbox compares it: Arabic letter variants, diacritics and digits folded, lower case.';

-- The one text a submission is searched by; the index below is on exactly this expression.
create or replace function public.submission_search_text(
  name text, email text, phone text, message text, note text
) returns text
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select public.fold_for_search(
    name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || message || ' ' || coalesce(note, '')
  );
$$;

create index if not exists contact_submissions_search_idx
  on public.contact_submissions
  using gin (
    public.submission_search_text(name, email, phone, message, note) extensions.gin_trgm_ops
  );

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
     where public.submission_search_text(s.name, s.email, s.phone, s.message, s.note)
           like '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
                folded, '\', '\\'), '%', '\%'), '_', '\_') || '%';
end;
$$;

comment on function public.search_submissions(text) is
  'The submissions whose name, email, phone, message or note hold the query, folded as fold_for_search folds; team members only.';

revoke all on function public.search_submissions(text) from public, anon;
grant execute on function public.search_submissions(text) to authenticated, service_role;
