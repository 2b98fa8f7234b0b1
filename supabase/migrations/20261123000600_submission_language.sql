-- The language of the page a visitor sent the form from, for the registrant's confirmation.
-- A default, so an insert from an older page (five fields) still works.
alter table public.contact_submissions
  add column if not exists language text not null default 'ar'
    constraint contact_submissions_language check (language in ('ar', 'en'));

grant insert (language) on table public.contact_submissions to anon, authenticated;
