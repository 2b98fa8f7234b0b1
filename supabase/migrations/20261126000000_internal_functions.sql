-- The API serves every function of an exposed schema that the caller may execute, and
-- PostgreSQL lets PUBLIC execute a new function (a hosted project's default privileges grant it
-- to anon as well). So the helpers that the database's own rules call (check constraints, the
-- stored search text and its index, policies and triggers) were served to anyone at
-- /rest/v1/rpc/<name>, the costliest of them a full text fold over a body of any size.
--
-- They move to a schema of their own that no API setting exposes: constraints, generated
-- columns, indexes, policies and triggers name a function by its identity, not its schema, and
-- keep working; the API answers PGRST202 for them, as for any function it does not know. The
-- roles keep what they need to evaluate those rules under their own rights (usage of the schema,
-- execute on the function) and nothing else lives there. `private`, which holds the limits and
-- their tables, stays closed to them.
create schema if not exists internal;
revoke all on schema internal from public;
grant usage on schema internal to anon, authenticated, service_role;

alter function public.is_team_member() set schema internal;
alter function public.has_visible_text(text) set schema internal;
alter function public.is_mailable_address(text) set schema internal;
alter function public.fold_for_search(text) set schema internal;
alter function public.submission_search_text(text, text, text, text, text) set schema internal;
alter function public.search_pattern(text) set schema internal;
alter function public.record_contact_submission_change() set schema internal;
alter function public.enqueue_submission_mail() set schema internal;
alter function public.record_contact_submission_deletion() set schema internal;

-- Function bodies name these helpers by their schema (every body runs with an empty
-- search_path): each body that does is written again naming the new one, as it was otherwise.
do $$
declare
  helper constant text :=
    '\mpublic\.(is_team_member|has_visible_text|is_mailable_address|fold_for_search|'
    'submission_search_text|search_pattern)\(';
  body regprocedure;
begin
  for body in
    select p.oid::regprocedure
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private', 'internal')
       and p.prokind = 'f'
       and p.prosrc ~ helper
  loop
    execute pg_catalog.regexp_replace(
      pg_catalog.pg_get_functiondef(body), helper, 'internal.\1(', 'g');
  end loop;
end;
$$;

-- What each role may execute here: what the rules evaluated under its rights call. Taken
-- from PUBLIC first, so a function added here later is nobody's until granted.
revoke all on all functions in schema internal from public, anon, authenticated, service_role;
grant execute on function internal.is_team_member() to anon, authenticated, service_role;
grant execute on function internal.has_visible_text(text) to anon, authenticated, service_role;
grant execute on function internal.fold_for_search(text) to anon, authenticated, service_role;
grant execute on function internal.submission_search_text(text, text, text, text, text)
  to anon, authenticated, service_role;
grant execute on function internal.is_mailable_address(text) to service_role;
grant execute on function internal.search_pattern(text) to service_role;
