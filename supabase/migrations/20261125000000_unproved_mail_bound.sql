-- A registration's confirmation goes to an address nobody has proved: anyone can type anyone's
-- address. So it carries nothing the sender typed (the mail greets without a name), and all such
-- mails together are bounded per hour, whoever sends them (as Supabase Auth bounds the mail of
-- its endpoints for the whole project), or a botnet would have the initiative's domain deliver
-- its text to any address. Past the bound the registration is stored and the team hears of it;
-- the confirmation is withheld, and the inbox says so, so the team can follow up.

alter table private.submission_limits
  add column if not exists unproved_mail_per_hour integer not null default 50
    constraint submission_limits_unproved_mail_per_hour check (unproved_mail_per_hour >= 0);

comment on column private.submission_limits.unproved_mail_per_hour is
  'How many mails to addresses nobody has proved (registration confirmations) the whole site sends in an hour; past it they are withheld.';

-- A withheld mail is never sent: its row says why (last_error), for the inbox.
alter table public.mail_outbox drop constraint if exists mail_outbox_status;
alter table public.mail_outbox add constraint mail_outbox_status
  check (status in ('pending', 'sent', 'failed', 'withheld'));

create index if not exists mail_outbox_unproved_created_at_idx
  on public.mail_outbox (created_at) where kind = 'registration' and recipient is not null;

create or replace function public.enqueue_submission_mail() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  withheld text;
begin
  if new.status = 'spam' then
    return null;
  end if;
  insert into public.mail_outbox (kind, submission_id) values ('submission', new.id);
  if new.form_source <> 'Mutakallim Program' then
    return null;
  end if;
  if not public.is_mailable_address(new.email) then
    withheld := 'address_not_mailable';
  else
    -- Registrations at once: each counts what the ones before it committed.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('mail_outbox:unproved'));
    if exists (
      select 1 from public.mail_outbox
       where kind = 'registration'
         and lower(recipient) = lower(new.email)
         and created_at > now() - interval '1 hour'
    ) then
      withheld := 'address_confirmed_within_hour';
    elsif (
      select count(*) from public.mail_outbox
       where kind = 'registration'
         and recipient is not null
         and created_at > now() - interval '1 hour'
    ) >= coalesce((select unproved_mail_per_hour from private.submission_limits), 50) then
      withheld := 'hourly_bound_reached';
    end if;
  end if;
  if withheld is null then
    insert into public.mail_outbox (kind, submission_id, recipient, language)
    values ('registration', new.id, new.email, new.language);
  else
    insert into public.mail_outbox (kind, submission_id, status, last_error)
    values ('registration', new.id, 'withheld', withheld);
  end if;
  return null;
end;
$$;

revoke all on function public.enqueue_submission_mail() from public;
