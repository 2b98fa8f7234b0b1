import { useLocation } from "react-router";
import { addressedPage, languages, localizedPath } from "../../../shared/language.ts";
import { photoUrl, previewImage } from "../../lib/photo-variants.ts";
import { absoluteUrl } from "../../lib/site-url.ts";
import type { Content, PageMetaText } from "../../content/types.ts";
import { useLanguage } from "../../language/use-language.ts";

interface HeadMeta {
  /** `name` for standard tags, `property` for Open Graph. */
  key: { name: string } | { property: string };
  content: string;
}

interface HeadLink {
  rel: string;
  href: string;
  hrefLang?: string;
}

interface HeadTags {
  title: string;
  meta: HeadMeta[];
  links: HeadLink[];
}

type PageMetaProps = (
  | { page: keyof Content["meta"]; text?: never }
  /** A page whose words live outside the site's content modules (the team's inbox). */
  | { text: PageMetaText; page?: never }
) & {
  /** Not-found and error screens are not pages to index. */
  indexable?: boolean;
};

function useHeadTags({ page, text, indexable = true }: PageMetaProps): HeadTags {
  const { content, language } = useLanguage();
  const path = addressedPage(useLocation().pathname).path;
  const meta = text ?? content.meta[page];
  const title = content.documentTitle(meta.title);
  const url = absoluteUrl(localizedPath(path, language));
  const { width, height } = previewImage;
  // The team's picture in the preview's crop, or the site's own, drawn at the same size.
  const image = meta.image
    ? { url: photoUrl(meta.image.path, width, height, { absolute: true }), alt: meta.image.alt }
    : { url: absoluteUrl("/og-image.png"), alt: content.ogImageAlt };
  return {
    title,
    meta: [
      { key: { name: "description" }, content: meta.description },
      { key: { property: "og:title" }, content: title },
      { key: { property: "og:description" }, content: meta.description },
      { key: { property: "og:locale" }, content: content.ogLocale },
      { key: { property: "og:type" }, content: "website" },
      { key: { property: "og:site_name" }, content: content.siteName },
      { key: { property: "og:image" }, content: image.url },
      { key: { property: "og:image:width" }, content: String(width) },
      { key: { property: "og:image:height" }, content: String(height) },
      { key: { property: "og:image:alt" }, content: image.alt },
      { key: { name: "twitter:card" }, content: "summary_large_image" },
      indexable
        ? { key: { property: "og:url" }, content: url }
        : { key: { name: "robots" }, content: "noindex" },
    ],
    links: indexable
      ? [
          { rel: "canonical", href: url },
          ...languages.map((alternate) => ({
            rel: "alternate",
            hrefLang: alternate,
            href: absoluteUrl(localizedPath(path, alternate)),
          })),
          { rel: "alternate", hrefLang: "x-default", href: absoluteUrl(path) },
        ]
      : [],
  };
}

/**
 * The page's title, meta tags and links in the current language. React places them in <head>:
 * prerendering writes them there, hydration adopts the ones written, and a change of language
 * or page updates them in the same commit as the page's words.
 */
export function PageMeta(props: PageMetaProps) {
  const tags = useHeadTags(props);
  return (
    <>
      <title>{tags.title}</title>
      {tags.meta.map(({ key, content }) => (
        <meta key={"name" in key ? key.name : key.property} {...key} content={content} />
      ))}
      {tags.links.map((link) => (
        <link
          key={`${link.rel}-${link.hrefLang ?? ""}`}
          rel={link.rel}
          href={link.href}
          hrefLang={link.hrefLang}
        />
      ))}
    </>
  );
}
