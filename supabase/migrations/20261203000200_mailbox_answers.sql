-- The visitor's answers, read from the team's mailbox (IMAP_URL) by the server and threaded into
-- public.submission_messages beside the replies they answer.
--
-- A mail is an answer to a submission when its In-Reply-To or References names the Message-ID of
-- a mail the site sent about it (a reply, or a registration's confirmation), or of an answer
-- already threaded. Each mail is threaded once, by its own Message-ID, however many instances
-- read the mailbox. Auto-replies and mail the mailbox's filter calls spam are kept in the thread,
-- marked, and change nothing else; a real answer puts the submission back among the new ones.

-- 'answer', 'auto' (an out-of-office or other machine's reply) or 'spam', for mail that came in.
alter table public.submission_messages
  add column if not exists kind text
    constraint submission_messages_kind check (kind in ('answer', 'auto', 'spam')),
  -- The answer's quoted earlier mail, kept apart so the inbox can fold it.
  add column if not exists quoted text
    constraint submission_messages_quoted check (char_length(quoted) <= 100000),
  -- Attachments as the mail listed them: [{ "name", "type", "size" }]. Their contents are not kept.
  add column if not exists attachments jsonb not null default '[]'::jsonb
    constraint submission_messages_attachments check (jsonb_typeof(attachments) = 'array'),
  add column if not exists from_address text
    constraint submission_messages_from_address check (char_length(from_address) <= 320),
  add column if not exists subject text
    constraint submission_messages_subject check (char_length(subject) <= 1000);

alter table public.submission_messages drop constraint if exists submission_messages_in_has_kind;
alter table public.submission_messages add constraint submission_messages_in_has_kind
  check ((direction = 'in') = (kind is not null));

comment on column public.submission_messages.kind is
  'For mail that came in: answer (the visitor answered), auto (an out-of-office or other automatic reply) or spam (the mailbox''s filter said so). Only an answer marks the submission as new again.';

-- Who reads the mailbox, and how far. One row per mailbox: the instance holding it reads, the
-- others wait for its hold to lapse. last_uid is the highest message handled under uid_validity.
create table if not exists private.mailbox_watch (
  mailbox text primary key,
  holder text not null,
  held_until timestamptz not null,
  uid_validity text,
  last_uid bigint not null default 0 constraint mailbox_watch_last_uid check (last_uid >= 0),
  checked_at timestamptz
);

comment on table private.mailbox_watch is
  'The instance reading each team mailbox for answers (holder, until held_until) and the last message it handled (last_uid under uid_validity).';

revoke all on table private.mailbox_watch from public, anon, authenticated, service_role;

-- Takes or keeps the hold on a mailbox for `seconds`; true while the caller holds it.
create or replace function internal.hold_mailbox_watch(mailbox text, holder text, seconds integer)
  returns boolean
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  insert into private.mailbox_watch as w (mailbox, holder, held_until)
  values (hold_mailbox_watch.mailbox, hold_mailbox_watch.holder,
          pg_catalog.now() + pg_catalog.make_interval(secs => hold_mailbox_watch.seconds))
  on conflict on constraint mailbox_watch_pkey do update
     set holder = excluded.holder, held_until = excluded.held_until
   where w.holder = excluded.holder or w.held_until <= pg_catalog.now()
  returning true
$$;

revoke all on function internal.hold_mailbox_watch(text, text, integer) from public;

-- Records how far the holder has read; nothing if another instance holds the mailbox now.
create or replace function internal.mark_mailbox_read(
  mailbox text, holder text, uid_validity text, last_uid bigint
) returns boolean
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  update private.mailbox_watch w
     set uid_validity = mark_mailbox_read.uid_validity,
         last_uid = mark_mailbox_read.last_uid,
         checked_at = pg_catalog.now()
   where w.mailbox = mark_mailbox_read.mailbox and w.holder = mark_mailbox_read.holder
  returning true
$$;

revoke all on function internal.mark_mailbox_read(text, text, text, bigint) from public;

-- Threads one mail that came in. `refs` is In-Reply-To then References, newest first, each a
-- whole Message-ID in angle brackets. Returns the submission it joined, or null when it names
-- none of ours (or was threaded before).
create or replace function internal.thread_mailbox_answer(
  message_id text,
  refs text[],
  kind text,
  from_address text,
  subject text,
  body text,
  quoted text,
  attachments jsonb
) returns bigint
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  joined bigint;
  added public.submission_messages;
begin
  select found.submission_id into joined
    from pg_catalog.unnest(thread_mailbox_answer.refs) with ordinality as ref(id, n)
    cross join lateral (
      select o.submission_id
        from public.mail_outbox o
       where o.kind in ('reply', 'registration')
         and o.submission_id is not null
         and o.message_id::text = pg_catalog.substring(ref.id,
               '^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^<>@]+>$')
      union all
      select m.submission_id
        from public.submission_messages m
       where m.mail_message_id = ref.id
    ) as found
   order by ref.n
   limit 1;
  if joined is null then
    return null;
  end if;

  insert into public.submission_messages
    (submission_id, direction, kind, body, quoted, attachments, from_address, subject,
     mail_message_id)
  values (joined, 'in', thread_mailbox_answer.kind,
          pg_catalog.left(thread_mailbox_answer.body, 20000),
          pg_catalog.left(thread_mailbox_answer.quoted, 100000),
          coalesce(thread_mailbox_answer.attachments, '[]'::jsonb),
          pg_catalog.left(thread_mailbox_answer.from_address, 320),
          pg_catalog.left(thread_mailbox_answer.subject, 1000),
          thread_mailbox_answer.message_id)
  on conflict (mail_message_id) do nothing
  returning * into added;
  if added.id is null then
    return null;
  end if;

  if added.kind = 'answer' then
    -- Back among the new ones (its own history row, by the trigger, in the visitor's name), and
    -- the history says the visitor answered.
    perform pg_catalog.set_config('request.jwt.claims',
      pg_catalog.json_build_object('email', added.from_address)::text, true);
    update public.contact_submissions s set status = 'new'
     where s.id = joined and s.status in ('in_progress', 'done');
    insert into public.contact_submission_changes
      (submission_id, changed_by, changed_by_email, field, old_value, new_value)
    values (joined, null, added.from_address, 'answer', null, added.id::text);
  end if;
  return joined;
end;
$$;

revoke all on function internal.thread_mailbox_answer(text, text[], text, text, text, text, text, jsonb)
  from public;

alter table public.contact_submission_changes drop constraint if exists contact_submission_changes_field;
alter table public.contact_submission_changes add constraint contact_submission_changes_field
  check (field in ('status', 'note', 'reply', 'answer'));
