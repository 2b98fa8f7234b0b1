-- The team's inbox: members of the team, signed in with two factors, read every submission and
-- triage it (status and an internal note). The database decides who they are, so the same rules
-- hold on our server and on a hosted Supabase project.

alter table public.contact_submissions
  add column if not exists status text not null default 'new'
    constraint contact_submissions_status
    check (status in ('new', 'in_progress', 'done', 'spam')),
  add column if not exists note text not null default ''
    constraint contact_submissions_note_length check (char_length(note) <= 5000),
  add column if not exists updated_at timestamptz,
  add column if not exists updated_by uuid;

create index if not exists contact_submissions_status_idx
  on public.contact_submissions (status, created_at desc);

-- A member is a user whose app_metadata says so (only service_role can set it) and whose token
-- proves a second factor. Membership is read from auth.users, not from the token, so removing a
-- member takes effect at once, not when their token expires. Security definer: the API roles
-- cannot read auth.users themselves.
create or replace function public.is_team_member() returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
     and exists (
       select 1 from auth.users
        where id = auth.uid()
          and coalesce(raw_app_meta_data ->> 'team', '') = 'true'
          and (banned_until is null or banned_until < now())
     );
$$;

revoke all on function public.is_team_member() from public;
grant execute on function public.is_team_member() to anon, authenticated, service_role;

-- Members read every submission and may change its triage, never the visitor's words.
grant select on table public.contact_submissions to authenticated;
grant update (status, note) on table public.contact_submissions to authenticated;

drop policy if exists "Team members read submissions" on public.contact_submissions;
create policy "Team members read submissions"
  on public.contact_submissions
  for select
  to authenticated
  using ((select public.is_team_member()));

drop policy if exists "Team members triage submissions" on public.contact_submissions;
create policy "Team members triage submissions"
  on public.contact_submissions
  for update
  to authenticated
  using ((select public.is_team_member()))
  with check ((select public.is_team_member()));

-- Who changed what, and when: one row per changed field, written by the database itself.
create table if not exists public.contact_submission_changes (
  id bigint generated always as identity primary key,
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  changed_at timestamptz not null default now(),
  changed_by uuid,
  changed_by_email text,
  field text not null constraint contact_submission_changes_field check (field in ('status', 'note')),
  old_value text,
  new_value text
);

comment on table public.contact_submission_changes is
  'The history of the team''s triage of each submission, written by a trigger; read-only through the API.';

create index if not exists contact_submission_changes_submission_idx
  on public.contact_submission_changes (submission_id, changed_at desc);

alter table public.contact_submission_changes enable row level security;
revoke all on table public.contact_submission_changes from anon, authenticated, service_role;
grant select on table public.contact_submission_changes to authenticated, service_role;

drop policy if exists "Team members read the history" on public.contact_submission_changes;
create policy "Team members read the history"
  on public.contact_submission_changes
  for select
  to authenticated
  using ((select public.is_team_member()));

create or replace function public.record_contact_submission_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  actor_email text := auth.jwt() ->> 'email';
begin
  new.updated_at := now();
  new.updated_by := actor;
  if new.status is distinct from old.status then
    insert into public.contact_submission_changes
      (submission_id, changed_by, changed_by_email, field, old_value, new_value)
    values (new.id, actor, actor_email, 'status', old.status, new.status);
  end if;
  if new.note is distinct from old.note then
    insert into public.contact_submission_changes
      (submission_id, changed_by, changed_by_email, field, old_value, new_value)
    values (new.id, actor, actor_email, 'note', old.note, new.note);
  end if;
  return new;
end;
$$;

revoke all on function public.record_contact_submission_change() from public;

drop trigger if exists contact_submissions_record_change on public.contact_submissions;
create trigger contact_submissions_record_change
  before update on public.contact_submissions
  for each row
  when (new.status is distinct from old.status or new.note is distinct from old.note)
  execute function public.record_contact_submission_change();

comment on table public.contact_submissions is
  'Messages and program registrations sent from the public site. Visitors may insert; team members signed in with two factors read them and set their status and note.';
