-- Supabase's `authenticator`: the role PostgREST logs in as, whose `pgrst.*` settings configure
-- it (`alter role authenticator set pgrst.db_max_rows = '100'`). The server reads them from here,
-- and calls PGRST_DB_PRE_CONFIG's function as this role. A hosted project already has it; here it
-- logs in nowhere and holds no privilege of its own.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
end
$$;

-- The server switches to it for the pre-config function, as to the API roles for requests.
do $$
begin
  if not pg_catalog.pg_has_role(current_user, 'authenticator', 'member') then
    begin
      grant authenticator to current_user;
    exception when insufficient_privilege then
      raise warning 'cannot grant authenticator to %: grant it as an administrator', current_user;
    end;
  end if;
end
$$;
