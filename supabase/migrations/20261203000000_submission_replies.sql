-- The team answers from the inbox: a member at aal2 calls send_reply(submission_id, body), and
-- the reply is queued in the outbox to the submission's own address, never one the caller gives.
-- Every reply, and later every answer the visitor mails back, is a row of
-- public.submission_messages: the conversation as one thread, read by the team under row-level
-- security and heard live through the `supabase_realtime` publication. Rows go with their
-- submission (retention, deletion) and are in every backup like any other table of the site.

alter table public.mail_outbox drop constraint if exists mail_outbox_kind;
alter table public.mail_outbox add constraint mail_outbox_kind
  check (kind in ('submission', 'registration', 'invite', 'recovery', 'reply'));

-- A stolen session mails visitors at most this many replies an hour from the initiative's address.
alter table private.submission_limits
  add column if not exists replies_per_member_per_hour integer not null default 30
    constraint submission_limits_replies_per_member_per_hour
    check (replies_per_member_per_hour >= 0);

comment on column private.submission_limits.replies_per_member_per_hour is
  'How many replies one member sends from the inbox in an hour; past it send_reply answers 429.';

create table if not exists public.submission_messages (
  id bigint generated always as identity primary key,
  submission_id bigint not null references public.contact_submissions (id) on delete cascade,
  -- 'out': a member's reply; 'in': the visitor's answer, mailed back.
  direction text not null constraint submission_messages_direction check (direction in ('in', 'out')),
  -- The member who wrote a reply, as they were named and addressed when they sent it.
  author uuid,
  author_email text,
  author_name text,
  body text not null
    constraint submission_messages_body check (char_length(body) between 1 and 20000),
  created_at timestamptz not null default now(),
  -- A reply's mail, and how its delivery stands (kept here from the outbox, so an open thread
  -- hears it change): pending, sent, retrying (with the server's last answer), failed.
  outbox_id bigint unique references public.mail_outbox (id) on delete set null,
  delivery text
    constraint submission_messages_delivery check (delivery in ('pending', 'sent', 'retrying', 'failed')),
  delivery_error text,
  -- An answer's own Message-ID, as its mail gave it: one mail is threaded once.
  mail_message_id text unique,
  constraint submission_messages_reply_has_mail
    check (direction = 'in' or (author is not null and delivery is not null))
);

comment on table public.submission_messages is
  'The conversation with the visitor of each submission: the team''s replies (sent by send_reply) and the visitor''s answers. Read by team members at aal2; written only by the database''s functions and the server.';

create index if not exists submission_messages_submission_idx
  on public.submission_messages (submission_id, created_at, id);
create index if not exists submission_messages_author_idx
  on public.submission_messages (author, created_at) where direction = 'out';

alter table public.submission_messages enable row level security;
revoke all on table public.submission_messages from anon, authenticated, service_role;
grant select on table public.submission_messages to authenticated, service_role;

drop policy if exists "Team members read the thread" on public.submission_messages;
create policy "Team members read the thread"
  on public.submission_messages
  for select
  to authenticated
  using ((select internal.is_team_member()));

-- The history says who answered, and when, beside the status and note.
alter table public.contact_submission_changes drop constraint if exists contact_submission_changes_field;
alter table public.contact_submission_changes add constraint contact_submission_changes_field
  check (field in ('status', 'note', 'reply'));

-- A reply's delivery follows its outbox row: the worker's claims, failures and success.
create or replace function internal.follow_reply_delivery() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  state text := case
    when new.status = 'sent' then 'sent'
    when new.status in ('failed', 'withheld') then 'failed'
    when new.last_error is not null then 'retrying'
    else 'pending'
  end;
  reason text := case when new.status = 'sent' then null else new.last_error end;
begin
  update public.submission_messages
     set delivery = state, delivery_error = reason
   where outbox_id = new.id
     and (delivery, delivery_error) is distinct from (state, reason);
  return null;
end;
$$;

revoke all on function internal.follow_reply_delivery() from public;

drop trigger if exists mail_outbox_follow_reply on public.mail_outbox;
create trigger mail_outbox_follow_reply
  after update of status, last_error on public.mail_outbox
  for each row
  when (new.kind = 'reply')
  execute function internal.follow_reply_delivery();

-- The one way a reply is sent, for the inbox and any supabase-js client alike.
create or replace function public.send_reply(submission_id bigint, body text)
  returns public.submission_messages
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  actor_email text := auth.jwt() ->> 'email';
  actor_name text;
  words text := pg_catalog.btrim(send_reply.body, E' \t\r\n');
  answered public.contact_submissions;
  bound integer;
  sent_this_hour integer;
  queued bigint;
  reply public.submission_messages;
begin
  if not internal.is_team_member() then
    raise exception 'Only team members signed in with two factors send replies'
      using errcode = '42501';
  end if;
  if words is null or words = '' then
    raise exception 'A reply needs words' using errcode = '22023';
  end if;
  if char_length(words) > 20000 then
    raise exception 'A reply is at most 20000 characters' using errcode = '22001';
  end if;
  select * into answered
    from public.contact_submissions s
   where s.id = send_reply.submission_id
     for update;
  if not found then
    raise exception 'No submission has this id' using errcode = 'PT404';
  end if;
  if answered.status = 'spam' then
    raise exception 'A submission marked as spam is not answered'
      using errcode = '22023', hint = 'Mark it as not spam first.';
  end if;
  if not internal.is_mailable_address(answered.email) then
    raise exception 'The submission''s address cannot be mailed' using errcode = '22023';
  end if;

  -- One member's replies at once: each counts the ones before it.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('send_reply:' || actor::text));
  bound := coalesce((select replies_per_member_per_hour from private.submission_limits), 30);
  select count(*) into sent_this_hour
    from public.submission_messages m
   where m.author = actor and m.direction = 'out'
     and m.created_at > pg_catalog.now() - interval '1 hour';
  if sent_this_hour >= bound then
    raise exception using
      errcode = 'PT429',
      message = 'Too many replies from this member',
      detail = pg_catalog.format('At most %s replies an hour from one member', bound),
      hint = 'Try again later in the hour.';
  end if;

  select nullif(pg_catalog.btrim(coalesce(u.raw_user_meta_data ->> 'full_name',
                                          u.raw_user_meta_data ->> 'name', '')), '')
    into actor_name
    from auth.users u
   where u.id = actor;

  insert into public.mail_outbox (kind, submission_id, recipient, language)
  values ('reply', answered.id, answered.email, answered.language)
  returning id into queued;

  insert into public.submission_messages
    (submission_id, direction, author, author_email, author_name, body, outbox_id, delivery)
  values (answered.id, 'out', actor, actor_email, actor_name, words, queued, 'pending')
  returning * into reply;

  -- Answered: the status says so (its own history row, by the trigger), and the history says who
  -- answered and when.
  update public.contact_submissions s set status = 'done'
   where s.id = answered.id and s.status <> 'done';
  insert into public.contact_submission_changes
    (submission_id, changed_by, changed_by_email, field, old_value, new_value)
  values (answered.id, actor, actor_email, 'reply', null, reply.id::text);

  return reply;
end;
$$;

revoke all on function public.send_reply(bigint, text) from public, anon;
grant execute on function public.send_reply(bigint, text) to authenticated;

-- The thread, live in an open inbox.
do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
     where pubname = 'supabase_realtime'
       and schemaname = 'public' and tablename = 'submission_messages'
  ) then
    alter publication supabase_realtime add table public.submission_messages;
  end if;
end
$$;
