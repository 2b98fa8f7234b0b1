-- The site's photos: a public bucket everyone reads, written by the team at aal2 only, by the
-- rule the site's content is written under (internal.is_team_member, 20261126000400).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'site-media',
  'site-media',
  true,
  10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
)
on conflict do nothing;

drop policy if exists "Everyone reads site media" on storage.objects;
create policy "Everyone reads site media"
  on storage.objects
  for select
  to anon, authenticated
  using (bucket_id = 'site-media');

drop policy if exists "Team members add site media" on storage.objects;
create policy "Team members add site media"
  on storage.objects
  for insert
  to authenticated
  with check (bucket_id = 'site-media' and (select internal.is_team_member()));

drop policy if exists "Team members replace site media" on storage.objects;
create policy "Team members replace site media"
  on storage.objects
  for update
  to authenticated
  using (bucket_id = 'site-media' and (select internal.is_team_member()))
  with check (bucket_id = 'site-media' and (select internal.is_team_member()));

drop policy if exists "Team members remove site media" on storage.objects;
create policy "Team members remove site media"
  on storage.objects
  for delete
  to authenticated
  using (bucket_id = 'site-media' and (select internal.is_team_member()));
