// Photos in the content, as the team will have them: a 12-megapixel phone photo on every story
// and program and as the link preview of the home and community pages, uploaded to site-media
// and published through the server's own API, so the pages are measured as visitors get them.
import { createClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { phonePhoto } from "../phone-photo.mjs";
import { sleep } from "../load-run.mjs";

/** Node 20 has no WebSocket; supabase-js builds its realtime client eagerly, and we never use it. */
class NoRealtime {
  constructor() {
    throw new Error("the perf run does not use realtime");
  }
}

function answered({ data, error }, doing) {
  if (error) throw new Error(`${doing}: ${error.message}`);
  return data;
}

/** Uploads the photos, publishes them in the content, and waits until the pages show them. */
export async function publishPhotos(origin, jwtSecret) {
  const serviceKey = await new SignJWT({ role: "service_role", iss: "supabase" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(jwtSecret));
  const client = createClient(origin, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime },
  });
  const bucket = client.storage.from("site-media");
  let seed = 1;
  const upload = async (folder, alt) => {
    const path = `${folder}/perf-${seed}.jpg`;
    const photo = await phonePhoto(4000, 3000, (seed += 1));
    answered(
      await bucket.upload(path, photo, { contentType: "image/jpeg", upsert: true }),
      `uploading ${path}`,
    );
    return { path, alt };
  };

  const [published] = answered(
    await client.from("published_site_content").select("content"),
    "reading the published content",
  );
  const content = structuredClone(published.content);
  for (const story of content.stories) {
    story.image = await upload("stories", {
      ar: `صورة ${story.author.ar}`,
      en: `A photo of ${story.author.en}`,
    });
  }
  for (const program of content.programs) {
    program.image = await upload("programs", {
      ar: `غلاف ${program.title.ar}`,
      en: `Cover of ${program.title.en}`,
    });
  }
  for (const page of ["home", "community"]) {
    content.pages.meta[page].image = await upload("previews", {
      ar: "منصة كلمة ومتحدث أمام الجمهور",
      en: "The Kalima stage with a speaker before an audience",
    });
  }

  const drafts = answered(
    await client.from("site_content_drafts").select("section, revision"),
    "reading the drafts",
  );
  for (const section of ["stories", "programs", "pages"]) {
    const draft = drafts.find((row) => row.section === section);
    answered(
      await client.rpc("save_site_draft", {
        section,
        body: content[section],
        base_revision: draft?.revision ?? 0,
      }),
      `saving ${section}`,
    );
  }
  answered(await client.rpc("publish_site_content"), "publishing the photos");

  const shown = content.stories[0]?.image.path;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const page = await fetch(`${origin}/community`).then((response) => response.text());
    if (shown && page.includes(shown)) return;
    await sleep(100);
  }
  throw new Error("the community page did not show the published photos within 10 s");
}
