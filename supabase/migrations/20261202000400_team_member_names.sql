-- The team's names: records keep the address (updated_by_email, published_by_email,
-- changed_by_email) and presence the id, and each member's editor shows the name they chose
-- (user_metadata.full_name) instead. The API roles cannot read auth.users, so members at aal2
-- read id, address and name of every member through this function, and nobody else does:
-- security definer, its search_path empty, its execution taken from anon (a hosted project's
-- default privileges grant every new function to anon).
create or replace function public.team_member_names()
  returns table (id uuid, email text, name text)
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not internal.may_edit_site() then
    raise exception 'Only team members signed in with two factors read the team''s names'
      using errcode = '42501';
  end if;
  return query
    select u.id,
           u.email::text,
           nullif(pg_catalog.btrim(coalesce(u.raw_user_meta_data ->> 'full_name',
                                            u.raw_user_meta_data ->> 'name', '')), '')
      from auth.users u
     where coalesce(u.raw_app_meta_data ->> 'team', '') = 'true'
     order by u.email;
end;
$$;

revoke execute on function public.team_member_names() from public, anon;
grant execute on function public.team_member_names() to authenticated, service_role;
