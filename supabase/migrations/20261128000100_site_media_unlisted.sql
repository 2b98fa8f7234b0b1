-- Visitors no longer list site-media (20261127001100 let anyone read every row): a photo uploaded
-- for a draft that was never published, or taken off the site, stayed enumerable for ever. The
-- pages read photos by their address, which the server answers as the bucket being public (as
-- hosted Storage reads public objects, past the policies), so visitors need no row of their own.
-- Members at aal2 still read and list them, as they write them.

drop policy if exists "Everyone reads site media" on storage.objects;

drop policy if exists "Team members read site media" on storage.objects;
create policy "Team members read site media"
  on storage.objects
  for select
  to authenticated
  using (bucket_id = 'site-media' and (select internal.is_team_member()));
