-- Whether a mail worker vouches, now, that the outbox is delivered, for anyone to ask. A member
-- who forgot their password asks before signing in: with mail off, the reset's link would go
-- nowhere, and the inbox says so and what to do instead rather than that a link is on its way.
-- It answers one boolean and nothing of mail_delivery's times, so that table stays the team's.
-- Security definer: the caller, anon included, reads nothing else of the table it reads.
create or replace function public.mail_is_on()
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (select from public.mail_delivery where live_until > pg_catalog.now());
$$;

comment on function public.mail_is_on() is
  'Whether a mail worker vouches, now, that the outbox is delivered (public.mail_delivery); anyone may ask.';

revoke execute on function public.mail_is_on() from public;
grant execute on function public.mail_is_on() to anon, authenticated, service_role;
