import { useLocation } from "react-router";
import { englishPrefix } from "../../../shared/language.ts";
import type { Content } from "../../content/types.ts";
import { useLanguage } from "../../features/language/use-language.ts";

interface PageMetaProps {
  page: keyof Content["meta"];
  /** Not-found and error screens are not pages to index. */
  indexable?: boolean;
}

/** The page's title and meta tags in the current language; React places them in <head>. */
export function PageMeta({ page, indexable = true }: PageMetaProps) {
  const { content } = useLanguage();
  const { pathname } = useLocation();
  const meta = content.meta[page];
  const title = content.documentTitle(meta.title);
  const path = pathname.startsWith(englishPrefix)
    ? pathname.slice(englishPrefix.length) || "/"
    : pathname;
  const url = `${import.meta.env.VITE_SITE_URL}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:locale" content={content.ogLocale} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={content.siteName} />
      <meta name="twitter:card" content="summary" />
      {indexable ? (
        <>
          <meta property="og:url" content={url} />
          <link rel="canonical" href={url} />
        </>
      ) : (
        <meta name="robots" content="noindex" />
      )}
    </>
  );
}
