-- Not in GoTrue: failed MFA verifications, counted per factor and per user, so that every
-- instance of the server locks a factor after a few wrong codes (src/server/auth/mfa-failures.ts);
-- GoTrue limits verification per address only. Where the auth schema is not ours to change (a
-- hosted project, whose own GoTrue answers /auth/v1), nothing is created.

do $$
begin
  if to_regclass('auth.mfa_verification_failures') is null
     and has_schema_privilege('auth', 'CREATE') then
    create table auth.mfa_verification_failures (
      id bigserial primary key,
      user_id uuid not null references auth.users (id) on delete cascade,
      -- No foreign key: removing a factor must not clear the user's count with it.
      factor_id uuid not null,
      created_at timestamptz not null
    );
    create index mfa_verification_failures_user_id_created_at_idx
      on auth.mfa_verification_failures (user_id, created_at desc);
  end if;
end
$$;
