import { useLocation } from "react-router";
import { languages } from "../../../shared/language.ts";
import { absoluteUrl, localizedPath, unprefixedPath } from "../../app/site-url.ts";
import type { Content } from "../../content/types.ts";
import { useLanguage } from "../../features/language/use-language.ts";

interface PageMetaProps {
  page: keyof Content["meta"];
  /** Not-found and error screens are not pages to index. */
  indexable?: boolean;
}

/** The page's title and meta tags in the current language; React places them in <head>. */
export function PageMeta({ page, indexable = true }: PageMetaProps) {
  const { content, language } = useLanguage();
  const path = unprefixedPath(useLocation().pathname);
  const meta = content.meta[page];
  const title = content.documentTitle(meta.title);
  const url = absoluteUrl(localizedPath(path, language));
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:locale" content={content.ogLocale} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={content.siteName} />
      <meta property="og:image" content={absoluteUrl("/og-image.png")} />
      <meta name="twitter:card" content="summary_large_image" />
      {indexable ? (
        <>
          <meta property="og:url" content={url} />
          <link rel="canonical" href={url} />
          {languages.map((alternate) => (
            <link
              key={alternate}
              rel="alternate"
              hrefLang={alternate}
              href={absoluteUrl(localizedPath(path, alternate))}
            />
          ))}
          <link rel="alternate" hrefLang="x-default" href={absoluteUrl(path)} />
        </>
      ) : (
        <meta name="robots" content="noindex" />
      )}
    </>
  );
}
