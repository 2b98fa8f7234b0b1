-- What the team needs beyond triage: which submissions nobody has opened yet, deleting one for
-- good, erasing everything one address sent (a visitor's request to be forgotten), and keeping
-- nothing longer than the team decides. The database decides who may, so the same rules hold
-- on a hosted project.

-- Seen by the team: opening a submission marks it; a member may mark it unread again. Not
-- triage, so it writes no history and leaves updated_at alone.
alter table public.contact_submissions
  add column if not exists seen boolean not null default false;
grant update (seen) on table public.contact_submissions to authenticated;

create index if not exists contact_submissions_unseen_idx
  on public.contact_submissions (created_at desc) where not seen and status <> 'spam';

-- Deleting: members only, under row-level security. The submission's mail rows and history go
-- with it (their foreign keys cascade); what remains is this record, with no word or address
-- of the visitor's.
grant delete on table public.contact_submissions to authenticated;

drop policy if exists "Team members delete submissions" on public.contact_submissions;
create policy "Team members delete submissions"
  on public.contact_submissions
  for delete
  to authenticated
  using ((select public.is_team_member()));

create table if not exists public.contact_submission_deletions (
  id bigint generated always as identity primary key,
  submission_id bigint not null,
  form_source text not null,
  submitted_at timestamptz not null,
  deleted_at timestamptz not null default now(),
  deleted_by uuid,
  deleted_by_email text,
  reason text not null
    constraint contact_submission_deletions_reason check (reason in ('deleted', 'erased', 'retention'))
);

comment on table public.contact_submission_deletions is
  'That a submission was deleted, when, by whom and why: never what it said or who sent it. Written by the database; team members read it.';

create index if not exists contact_submission_deletions_deleted_at_idx
  on public.contact_submission_deletions (deleted_at desc);

alter table public.contact_submission_deletions enable row level security;
revoke all on table public.contact_submission_deletions from anon, authenticated, service_role;
grant select on table public.contact_submission_deletions to authenticated, service_role;

drop policy if exists "Team members read the deletions" on public.contact_submission_deletions;
create policy "Team members read the deletions"
  on public.contact_submission_deletions
  for select
  to authenticated
  using ((select public.is_team_member()));

-- Why a row goes, as the statement deleting it says (erase_submissions_from, apply_retention);
-- a plain DELETE is a member deleting one.
create or replace function public.record_contact_submission_deletion() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.contact_submission_deletions
    (submission_id, form_source, submitted_at, deleted_by, deleted_by_email, reason)
  values (
    old.id,
    old.form_source,
    old.created_at,
    auth.uid(),
    auth.jwt() ->> 'email',
    coalesce(nullif(pg_catalog.current_setting('kalima.deletion_reason', true), ''), 'deleted')
  );
  return old;
end;
$$;

revoke all on function public.record_contact_submission_deletion() from public;

drop trigger if exists contact_submissions_record_deletion on public.contact_submissions;
create trigger contact_submissions_record_deletion
  after delete on public.contact_submissions
  for each row
  execute function public.record_contact_submission_deletion();

-- A visitor's request to be forgotten: every submission from the address, whatever its case,
-- deleted under the caller's own rights (row-level security decides), and how many.
create or replace function public.erase_submissions_from(address text) returns integer
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  erased integer;
begin
  if address is null or pg_catalog.btrim(address) = '' then
    raise exception 'An address is required' using errcode = '22023';
  end if;
  perform pg_catalog.set_config('kalima.deletion_reason', 'erased', true);
  delete from public.contact_submissions
   where pg_catalog.lower(email) = pg_catalog.lower(pg_catalog.btrim(address));
  get diagnostics erased = row_count;
  perform pg_catalog.set_config('kalima.deletion_reason', '', true);
  return erased;
end;
$$;

revoke all on function public.erase_submissions_from(text) from public, anon;
grant execute on function public.erase_submissions_from(text) to authenticated, service_role;

create index if not exists contact_submissions_lower_email_idx
  on public.contact_submissions (pg_catalog.lower(email));

-- How long submissions are kept: spam for spam_days (30 by default); everything else until a
-- member deletes it, unless keep_months is set. Change with npm run limits, or an UPDATE.
create table if not exists private.retention (
  id boolean primary key default true constraint retention_one_row check (id),
  spam_days integer not null default 30 constraint retention_spam_days check (spam_days >= 1),
  keep_months integer constraint retention_keep_months check (keep_months >= 1)
);
insert into private.retention default values on conflict do nothing;
revoke all on table private.retention from public, anon, authenticated, service_role;

comment on table private.retention is
  'Spam is deleted spam_days after it arrived; everything else keep_months after, or never when keep_months is null.';

-- Deletes what the retention settings say has been kept long enough, recording each as a
-- deletion for retention; answers how many. The server runs it every hour; on a hosted project
-- schedule it (pg_cron) or call it as service_role.
create or replace function public.apply_retention() returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  settings private.retention;
  removed integer;
begin
  select * into settings from private.retention;
  perform pg_catalog.set_config('kalima.deletion_reason', 'retention', true);
  delete from public.contact_submissions
   where (status = 'spam' and created_at < now() - pg_catalog.make_interval(days => settings.spam_days))
      or (settings.keep_months is not null
          and created_at < now() - pg_catalog.make_interval(months => settings.keep_months));
  get diagnostics removed = row_count;
  perform pg_catalog.set_config('kalima.deletion_reason', '', true);
  return removed;
end;
$$;

revoke all on function public.apply_retention() from public, anon, authenticated;
grant execute on function public.apply_retention() to service_role;
