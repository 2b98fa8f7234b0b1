-- Whether mail is delivered: the server's mail worker (docs/decisions/0016) writes here, about
-- once a minute, until when it vouches for the outbox. The inbox says mail is off when no worker
-- vouches for now: SMTP_URL unset on every instance, every instance stopped, or a hosted project
-- with nothing delivering its outbox (a hook that delivers it may write this row too). One row,
-- written by whichever worker came last.

create table if not exists public.mail_delivery (
  id boolean primary key default true constraint mail_delivery_one_row check (id),
  seen_at timestamptz not null,
  live_until timestamptz not null
);

comment on table public.mail_delivery is
  'When a mail worker last looked at the outbox, and until when it vouches that mail is delivered. Team members read it.';

alter table public.mail_delivery enable row level security;
revoke all on table public.mail_delivery from anon, authenticated, service_role;
grant select on table public.mail_delivery to authenticated, service_role;

drop policy if exists "Team members read whether mail is delivered" on public.mail_delivery;
create policy "Team members read whether mail is delivered"
  on public.mail_delivery
  for select
  to authenticated
  using ((select public.is_team_member()));
