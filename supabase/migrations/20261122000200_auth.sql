-- The storage of Supabase Auth (GoTrue) that this server's /auth/v1 uses, and the helpers that
-- row-level-security policies call: auth.uid(), auth.role(), auth.jwt() and auth.email().
--
-- A hosted Supabase project already has all of it, owned by its own auth role: there every
-- statement below is skipped, and nothing of Supabase's own is altered. Tables, columns and types
-- follow GoTrue's names, so users (bcrypt hashes included) can move to a hosted project. No API
-- role is granted anything on these tables: only the server, connected as the migrating role,
-- reads and writes them.

do $$
begin
  if to_regnamespace('auth') is null then
    create schema auth;
    grant usage on schema auth to anon, authenticated, service_role;
  end if;
end
$$;

do $$
begin
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.code_challenge_method') is null then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
end
$$;

do $$
begin
  if to_regclass('auth.users') is null then
    create table auth.users (
      instance_id uuid,
      id uuid not null primary key,
      aud varchar(255),
      role varchar(255),
      email varchar(255),
      encrypted_password varchar(255),
      email_confirmed_at timestamptz,
      invited_at timestamptz,
      confirmation_token varchar(255),
      confirmation_sent_at timestamptz,
      recovery_token varchar(255),
      recovery_sent_at timestamptz,
      email_change_token_new varchar(255),
      email_change varchar(255),
      email_change_sent_at timestamptz,
      last_sign_in_at timestamptz,
      raw_app_meta_data jsonb,
      raw_user_meta_data jsonb,
      is_super_admin boolean,
      created_at timestamptz,
      updated_at timestamptz,
      phone text unique default null,
      phone_confirmed_at timestamptz,
      phone_change text default '',
      phone_change_token varchar(255) default '',
      phone_change_sent_at timestamptz,
      confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
      email_change_token_current varchar(255) default '',
      email_change_confirm_status smallint default 0
        check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
      banned_until timestamptz,
      reauthentication_token varchar(255) default '',
      reauthentication_sent_at timestamptz,
      is_sso_user boolean not null default false,
      deleted_at timestamptz,
      is_anonymous boolean not null default false
    );
    create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
    create index users_instance_id_idx on auth.users (instance_id);
    comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
  end if;

  if to_regclass('auth.identities') is null then
    create table auth.identities (
      provider_id text not null,
      user_id uuid not null references auth.users (id) on delete cascade,
      identity_data jsonb not null,
      provider text not null,
      last_sign_in_at timestamptz,
      created_at timestamptz,
      updated_at timestamptz,
      email text generated always as (lower(identity_data ->> 'email')) stored,
      id uuid not null default gen_random_uuid() primary key,
      constraint identities_provider_id_provider_unique unique (provider_id, provider)
    );
    create index identities_user_id_idx on auth.identities (user_id);
    create index identities_email_idx on auth.identities (email text_pattern_ops);
  end if;

  if to_regclass('auth.sessions') is null then
    create table auth.sessions (
      id uuid not null primary key,
      user_id uuid not null references auth.users (id) on delete cascade,
      created_at timestamptz,
      updated_at timestamptz,
      factor_id uuid,
      aal auth.aal_level,
      not_after timestamptz,
      refreshed_at timestamp,
      user_agent text,
      ip inet,
      tag text
    );
    create index sessions_user_id_idx on auth.sessions (user_id);
    create index sessions_not_after_idx on auth.sessions (not_after desc);
  end if;

  if to_regclass('auth.refresh_tokens') is null then
    create table auth.refresh_tokens (
      instance_id uuid,
      id bigserial primary key,
      token varchar(255) constraint refresh_tokens_token_unique unique,
      user_id varchar(255),
      revoked boolean,
      created_at timestamptz,
      updated_at timestamptz,
      parent varchar(255),
      session_id uuid references auth.sessions (id) on delete cascade
    );
    create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
    create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
    create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
    create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);
  end if;

  if to_regclass('auth.mfa_factors') is null then
    create table auth.mfa_factors (
      id uuid not null primary key,
      user_id uuid not null references auth.users (id) on delete cascade,
      friendly_name text,
      factor_type auth.factor_type not null,
      status auth.factor_status not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      secret text,
      phone text,
      last_challenged_at timestamptz,
      web_authn_credential jsonb,
      web_authn_aaguid uuid,
      -- Not in GoTrue: the RFC 6238 time step of the last accepted code, so a code works once.
      last_totp_step bigint
    );
    create unique index mfa_factors_user_friendly_name_unique
      on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
    create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
  end if;

  if to_regclass('auth.mfa_challenges') is null then
    create table auth.mfa_challenges (
      id uuid not null primary key,
      factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
      created_at timestamptz not null,
      verified_at timestamptz,
      ip_address inet not null,
      otp_code text,
      web_authn_session_data jsonb
    );
    create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
  end if;

  if to_regclass('auth.mfa_amr_claims') is null then
    create table auth.mfa_amr_claims (
      session_id uuid not null references auth.sessions (id) on delete cascade,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      authentication_method text not null,
      id uuid not null primary key,
      constraint mfa_amr_claims_session_id_authentication_method_pkey
        unique (session_id, authentication_method)
    );
  end if;

  if to_regclass('auth.oauth_client_states') is null then
    create table auth.oauth_client_states (
      id uuid not null primary key,
      provider_type text not null,
      code_verifier text,
      created_at timestamptz not null
    );
  end if;

  if to_regclass('auth.flow_state') is null then
    create table auth.flow_state (
      id uuid not null primary key,
      user_id uuid,
      auth_code text,
      code_challenge_method auth.code_challenge_method,
      code_challenge text,
      provider_type text not null,
      provider_access_token text,
      provider_refresh_token text,
      created_at timestamptz,
      updated_at timestamptz,
      authentication_method text not null,
      auth_code_issued_at timestamptz,
      invite_token text,
      referrer text,
      oauth_client_state_id uuid,
      linking_target_id uuid,
      email_optional boolean not null default false
    );
    create index flow_state_created_at_idx on auth.flow_state (created_at desc);
    create index idx_auth_code on auth.flow_state (auth_code);
  end if;
end
$$;

-- The helpers PostgREST-style policies use, as Supabase defines them: they read the claims each
-- API request sets with set_config('request.jwt.claims', ...).
do $$
begin
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
      language sql stable
      as $function$
        select coalesce(
          nullif(current_setting('request.jwt.claim.sub', true), ''),
          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
        )::uuid
      $function$;
    comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
  end if;

  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
      language sql stable
      as $function$
        select coalesce(
          nullif(current_setting('request.jwt.claim.role', true), ''),
          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
        )::text
      $function$;
    comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
  end if;

  if to_regprocedure('auth.email()') is null then
    create function auth.email() returns text
      language sql stable
      as $function$
        select coalesce(
          nullif(current_setting('request.jwt.claim.email', true), ''),
          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
        )::text
      $function$;
    comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';
  end if;

  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
      language sql stable
      as $function$
        select coalesce(
          nullif(current_setting('request.jwt.claim', true), ''),
          nullif(current_setting('request.jwt.claims', true), '')
        )::jsonb
      $function$;
  end if;
end
$$;
