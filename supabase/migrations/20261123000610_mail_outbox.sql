-- Outgoing mail: every mail to send is a row of the outbox, written in the same transaction as
-- what it tells of, so a submission answered 201 cannot miss its mail. The server's worker
-- delivers the rows over SMTP (docs/decisions/0016); without a worker (a hosted project, or no
-- SMTP_URL) they simply wait.

create table if not exists public.mail_outbox (
  id bigint generated always as identity primary key,
  -- The Message-ID's left part: the same for every attempt, so a mail sent twice folds into one.
  message_id uuid not null default gen_random_uuid() unique,
  kind text not null
    constraint mail_outbox_kind
    check (kind in ('submission', 'registration', 'invite', 'recovery')),
  submission_id bigint references public.contact_submissions (id) on delete cascade,
  -- Null for a mail to the team: it goes to NOTIFY_TO, in NOTIFY_LANGUAGE, as configured then.
  recipient text,
  language text constraint mail_outbox_language check (language in ('ar', 'en')),
  -- The one-time link of an invitation or a password reset.
  link text,
  status text not null default 'pending'
    constraint mail_outbox_status check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  -- A worker sending the mail holds it until then; after a crash another takes it over.
  claimed_until timestamptz,
  sent_at timestamptz,
  last_error text
);

comment on table public.mail_outbox is
  'Mail to send, written with what it tells of and delivered by the server''s worker. Team members read the delivery state of each, never recipients or links.';

create index if not exists mail_outbox_due_idx
  on public.mail_outbox (next_attempt_at, id) where status = 'pending';
create index if not exists mail_outbox_submission_idx
  on public.mail_outbox (submission_id);
create index if not exists mail_outbox_registration_recipient_idx
  on public.mail_outbox (lower(recipient), created_at desc) where kind = 'registration';

alter table public.mail_outbox enable row level security;
revoke all on table public.mail_outbox from anon, authenticated, service_role;

-- The inbox shows what was sent and what failed; the link and the recipient stay in the database.
grant select (id, kind, submission_id, status, attempts, created_at, sent_at, last_error)
  on table public.mail_outbox to authenticated;
grant select on table public.mail_outbox to service_role;

drop policy if exists "Team members read the mail's delivery" on public.mail_outbox;
create policy "Team members read the mail's delivery"
  on public.mail_outbox
  for select
  to authenticated
  using ((select public.is_team_member()));

-- An address a registrant may be mailed at: one address, none of the characters that would let
-- it name another (commas, angle brackets, quotes, white space).
create or replace function public.is_mailable_address(address text) returns boolean
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select char_length(address) <= 254
     and address ~ '^[^][[:space:][:cntrl:],;:<>"()\\@]+@[^][[:space:][:cntrl:],;:<>"()\\@]+\.[^][[:space:][:cntrl:],;:<>"()\\@.]+$';
$$;

-- After insert, so the spam defences' before-insert triggers have decided first: a row they
-- marked as spam mails nobody. The team hears of every other submission; a registrant gets one
-- confirmation an hour at most, whatever is sent in their name.
create or replace function public.enqueue_submission_mail() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.status = 'spam' then
    return null;
  end if;
  insert into public.mail_outbox (kind, submission_id) values ('submission', new.id);
  if new.form_source = 'Mutakallim Program' and public.is_mailable_address(new.email) then
    -- Two registrations of one address at once: the second waits for the first to commit.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('mail_outbox:' || lower(new.email)));
    if not exists (
      select 1 from public.mail_outbox
       where kind = 'registration'
         and lower(recipient) = lower(new.email)
         and created_at > now() - interval '1 hour'
    ) then
      insert into public.mail_outbox (kind, submission_id, recipient, language)
      values ('registration', new.id, new.email, new.language);
    end if;
  end if;
  return null;
end;
$$;

revoke all on function public.enqueue_submission_mail() from public;

drop trigger if exists contact_submissions_enqueue_mail on public.contact_submissions;
create trigger contact_submissions_enqueue_mail
  after insert on public.contact_submissions
  for each row
  execute function public.enqueue_submission_mail();
