-- Every message from the contact page and every Mutakallim registration.
create table if not exists public.contact_submissions (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  name text not null
    constraint contact_submissions_name_length
    check (char_length(name) between 1 and 200 and btrim(name) <> ''),
  email text not null
    constraint contact_submissions_email_length check (char_length(email) between 3 and 320)
    constraint contact_submissions_email_shape
    check (email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  phone text
    constraint contact_submissions_phone_length check (char_length(phone) <= 40),
  message text not null
    constraint contact_submissions_message_length
    check (char_length(message) between 1 and 5000 and btrim(message) <> ''),
  form_source text not null
    constraint contact_submissions_form_source
    check (form_source in ('Contact Page', 'Mutakallim Program'))
);

comment on table public.contact_submissions is
  'Messages and program registrations sent from the public site. Visitors may insert; only service_role reads.';

create index if not exists contact_submissions_created_at_idx
  on public.contact_submissions (created_at desc);

alter table public.contact_submissions enable row level security;

-- Hosted projects grant everything on new public tables to the API roles by default: start from nothing.
revoke all on table public.contact_submissions from anon, authenticated, service_role;

-- Visitors may write the five visitor fields and nothing else (not id, not created_at),
-- and may read, change or delete nothing.
grant insert (name, email, phone, message, form_source)
  on table public.contact_submissions to anon, authenticated;

-- The team reads through service_role. Nobody changes or deletes a submission through the API.
grant select, insert on table public.contact_submissions to service_role;

drop policy if exists "Visitors can send a submission" on public.contact_submissions;
create policy "Visitors can send a submission"
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (true);
