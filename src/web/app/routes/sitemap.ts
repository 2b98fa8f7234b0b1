import { languages, localizedPath } from "../../../shared/language.ts";
import { sitePages } from "../../../shared/pages.js";
import { absoluteUrl } from "../../lib/site-url.ts";

/** Every page in both languages, each naming its other-language alternate. */
export function loader() {
  const alternates = (path: string) =>
    [
      ...languages.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${absoluteUrl(localizedPath(path, language))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${absoluteUrl(path)}"/>`,
    ].join("\n");
  const urls = sitePages.flatMap((page) =>
    languages.map(
      (language) =>
        `  <url>\n    <loc>${absoluteUrl(localizedPath(page.path, language))}</loc>\n${alternates(page.path)}\n  </url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
