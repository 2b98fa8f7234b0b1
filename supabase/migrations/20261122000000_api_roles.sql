-- The roles every Supabase project has: requests run as one of them, chosen by the JWT's role claim.
-- A hosted project already has them; an embedded or self-managed PostgreSQL gets them here.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- The server connects as the role that runs these migrations and switches to an API role per
-- request, which needs membership (a superuser, like the embedded database's, has it already).
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_catalog.pg_has_role(current_user, api_role, 'member') then
      begin
        execute format('grant %I to %I', api_role, current_user);
      exception when insufficient_privilege then
        raise warning 'cannot grant % to %: grant it as an administrator', api_role, current_user;
      end;
    end if;
  end loop;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
