-- A phone number typed with Arabic-Indic digits and spaces (٠٧٩ ١٢٣ ٤٥٦٧) was drawn with its
-- groups in reverse wherever it showed, even inside a left-to-right isolate: those digits count
-- as right-to-left for the spaces between them (rule N1 of the Unicode bidirectional algorithm),
-- and a member copying it dialled a wrong number. Latin digits within a left-to-right run keep
-- the order they were typed in. So every phone number is stored with Latin digits, whoever
-- sends it (the site's form, supabase-js, a hosted project's own API), and the inbox, the mails
-- and the export show it as typed. The number is the same: only the digits' shapes change.
create or replace function internal.phone_with_latin_digits() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.phone := pg_catalog.translate(new.phone, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789');
  return new;
end;
$$;

revoke all on function internal.phone_with_latin_digits() from public, anon, authenticated, service_role;

drop trigger if exists contact_submissions_phone_digits on public.contact_submissions;
create trigger contact_submissions_phone_digits
  before insert or update of phone on public.contact_submissions
  for each row execute function internal.phone_with_latin_digits();

-- The numbers stored before.
update public.contact_submissions
   set phone = pg_catalog.translate(phone, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789')
 where phone ~ '[٠-٩۰-۹]';
