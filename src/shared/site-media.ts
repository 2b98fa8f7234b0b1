/** The public bucket the site's photos live in: anyone reads, members at aal2 write. */
export const siteMediaBucket = "site-media";
