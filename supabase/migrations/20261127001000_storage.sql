-- File storage as Supabase Storage keeps it: buckets and objects in the `storage` schema, with
-- its columns and helper functions, under row-level security, so the same policies decide on our
-- server and on a hosted project (docs/decisions/0033). A hosted project already has all of it,
-- owned by its storage role: every statement here leaves what exists alone.
-- Each made only where it is missing: on a hosted project, whose migrating role owns none of it,
-- even `create table if not exists` would be refused for want of rights on the schema.
do $$
begin
  if to_regnamespace('storage') is null then
    create schema storage;
  end if;
  if to_regclass('storage.buckets') is null then
    create table storage.buckets (
      id text primary key,
      name text not null,
      owner uuid,
      owner_id text,
      public boolean default false,
      avif_autodetection boolean default false,
      file_size_limit bigint,
      allowed_mime_types text[],
      created_at timestamptz default now(),
      updated_at timestamptz default now()
    );
    create unique index bname on storage.buckets using btree (name);
  end if;
  if to_regclass('storage.objects') is null then
    create table storage.objects (
      id uuid primary key default gen_random_uuid(),
      bucket_id text references storage.buckets (id),
      name text,
      owner uuid,
      owner_id text,
      metadata jsonb,
      user_metadata jsonb,
      version text,
      path_tokens text[] generated always as (string_to_array(name, '/')) stored,
      created_at timestamptz default now(),
      updated_at timestamptz default now(),
      last_accessed_at timestamptz default now()
    );
    create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
  end if;
end
$$;

-- Policies name these; hosted's own versions (with the same results) stay where they exist.
do $$
begin
  if to_regprocedure('storage.foldername(text)') is null then
    create function storage.foldername(name text) returns text[]
      language sql immutable
      set search_path = ''
    as $body$
      select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1];
    $body$;
  end if;
  if to_regprocedure('storage.filename(text)') is null then
    create function storage.filename(name text) returns text
      language sql immutable
      set search_path = ''
    as $body$
      select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)];
    $body$;
  end if;
  if to_regprocedure('storage.extension(text)') is null then
    create function storage.extension(name text) returns text
      language sql immutable
      set search_path = ''
    as $body$
      select pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(
        (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)]
      ), '.', 1));
    $body$;
  end if;
end
$$;

-- As hosted: every API role may try, the policies decide, service_role passes them all (bypassrls).
-- On a hosted project the storage role owns these and has granted them already.
do $$
begin
  if not (select relrowsecurity from pg_catalog.pg_class where oid = 'storage.buckets'::regclass) then
    alter table storage.buckets enable row level security;
  end if;
  if not (select relrowsecurity from pg_catalog.pg_class where oid = 'storage.objects'::regclass) then
    alter table storage.objects enable row level security;
  end if;
  grant usage on schema storage to anon, authenticated, service_role;
  grant all on table storage.buckets to anon, authenticated, service_role;
  grant all on table storage.objects to anon, authenticated, service_role;
  grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
    to anon, authenticated, service_role;
exception when insufficient_privilege then
  raise notice 'storage belongs to another role here: its own grants and row-level security stand';
end
$$;

-- A signed upload URL is good for one upload (our server's rule; hosted's Storage keeps its own).
-- The hash of each token used, kept until the token has expired anyway.
-- The internal schema is this project's own, here and on a hosted project.
create table if not exists internal.storage_used_upload_tokens (
  token_hash text primary key,
  expires_at timestamptz not null
);

create index if not exists storage_used_upload_tokens_expiry
  on internal.storage_used_upload_tokens (expires_at);

alter table internal.storage_used_upload_tokens enable row level security;
revoke all on table internal.storage_used_upload_tokens from public, anon, authenticated;
grant select, insert, delete on table internal.storage_used_upload_tokens to service_role;
