// In the browser the app owns only <div id="root">: <html> and <head> come prerendered, and
// what changes with the language (lang, dir, title, meta, links) is set here.

/** The element the browser hydrates: the app owns everything inside it, and nothing outside. */
export const appRootId = "root";

export interface HeadMeta {
  /** `name` for standard tags, `property` for Open Graph. */
  key: { name: string } | { property: string };
  content: string;
}

export interface HeadLink {
  rel: string;
  href: string;
  hrefLang?: string;
}

export interface HeadTags {
  title: string;
  meta: HeadMeta[];
  links: HeadLink[];
}

/** The tags PageMeta may write; any of them not in the next set is removed. */
const ownedMeta = ["description", "robots", "twitter:card"];
const ownedProperties = [
  "og:title",
  "og:description",
  "og:locale",
  "og:type",
  "og:site_name",
  "og:image",
  "og:image:alt",
  "og:url",
];

function metaSelector(key: HeadMeta["key"]): string {
  return "name" in key ? `meta[name="${key.name}"]` : `meta[property="${key.property}"]`;
}

export function applyHeadTags(tags: HeadTags, head: HTMLHeadElement = document.head): void {
  document.title = tags.title;

  const wanted = new Set(tags.meta.map((meta) => metaSelector(meta.key)));
  for (const selector of [
    ...ownedMeta.map((name) => `meta[name="${name}"]`),
    ...ownedProperties.map((property) => `meta[property="${property}"]`),
  ]) {
    if (!wanted.has(selector)) head.querySelector(selector)?.remove();
  }
  for (const meta of tags.meta) {
    let element = head.querySelector<HTMLMetaElement>(metaSelector(meta.key));
    if (!element) {
      element = document.createElement("meta");
      if ("name" in meta.key) element.name = meta.key.name;
      else element.setAttribute("property", meta.key.property);
      head.append(element);
    }
    element.content = meta.content;
  }

  head
    .querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]')
    .forEach((link) => link.remove());
  for (const link of tags.links) {
    const element = document.createElement("link");
    element.rel = link.rel;
    element.href = link.href;
    if (link.hrefLang) element.hreflang = link.hrefLang;
    head.append(element);
  }
}

export function applyDocumentLanguage(language: string, direction: "rtl" | "ltr"): void {
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
}
