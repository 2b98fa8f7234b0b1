-- A status given to every submission a filter or search matches, as one statement: every match
-- changes or, when one row is refused, none does, however many there are. The inbox sent the
-- ids from the browser in batches, so a failure half-way left half of them changed.
--
-- Security invoker: the update runs under the caller's rights, so row-level security decides
-- (team members at aal2 may change a status, and nobody else changes anything), and the
-- history trigger records each change as made by the caller. The matches are found as the
-- inbox's list finds them: the table narrowed by form and status, or with a query,
-- search_submissions, which checks membership itself and finds candidates by the trigram
-- index, which a policy-checked LIKE would not use. Rows that already have the status are left
-- alone, so the answer is how many changed.
create or replace function public.set_status_of_matches(
  new_status text,
  query text default null,
  form text default null,
  status text default null,
  spam boolean default true
)
  returns integer
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  matching text;
  changed integer;
begin
  if coalesce(pg_catalog.btrim(query), '') = '' then
    matching := 'true';
    if form is not null then
      matching := matching || pg_catalog.format(' and s.form_source = %L', form);
    end if;
    if status is not null then
      matching := matching || pg_catalog.format(' and s.status = %L', status);
    end if;
    if not coalesce(spam, true) then
      matching := matching || $sql$ and s.status <> 'spam'$sql$;
    end if;
  else
    matching := pg_catalog.format(
      's.id in (select found.id
                  from public.search_submissions(%L::text, %L::text, %L::text, %L::boolean) found)',
      query, form, status, coalesce(spam, true));
  end if;
  -- Planned for the values at hand, as search_submissions plans its statements.
  execute pg_catalog.format(
    'update public.contact_submissions s set status = %1$L
      where %2$s and s.status is distinct from %1$L',
    new_status, matching);
  get diagnostics changed = row_count;
  return changed;
end;
$$;

comment on function public.set_status_of_matches(text, text, text, text, boolean) is
  'Sets new_status on every submission matching the inbox''s filter (query as search_submissions finds it, form, status; spam false leaves spam out), in one statement under row-level security; answers how many changed.';

-- A hosted project's default privileges grant every new function to anon: taken back here.
revoke execute on function public.set_status_of_matches(text, text, text, text, boolean)
  from public, anon, service_role;
grant execute on function public.set_status_of_matches(text, text, text, text, boolean)
  to authenticated;
