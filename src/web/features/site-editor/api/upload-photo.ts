// A photo into the public bucket `site-media`, which members at aal2 write under its policies.
import { siteMediaBucket } from "../../../../shared/site-media.ts";
import { getSupabase } from "../../../lib/supabase-client.ts";
import type { PreparedPhoto } from "../model/prepare-photo.ts";

/**
 * Uploads a prepared photo under a name of its own in `folder` and answers its path. Never
 * over another: a path is written once, so a page still showing the old photo keeps it, and
 * its variants may be cached for a year.
 */
export async function uploadPhoto(folder: string, photo: PreparedPhoto): Promise<string> {
  const supabase = await getSupabase();
  const path = `${folder}/${crypto.randomUUID()}.${photo.extension}`;
  const { error } = await supabase.storage.from(siteMediaBucket).upload(path, photo.blob, {
    contentType: photo.type,
    cacheControl: "31536000",
    upsert: false,
  });
  if (error) throw error;
  return path;
}
