import type { Language } from "../../shared/language.ts";
import type { SiteContentSection, SiteImage } from "../../shared/site-content.ts";
import type { PageContent } from "./page-content.ts";
import type { Content } from "./types.ts";

type Definition = Content["mutakallim"]["format"][number];
type Text = { ar: string; en: string };

/** How a section's part puts the team's words into a language's strings. */
type Reader<Section extends SiteContentSection> = (
  content: Content,
  part: NonNullable<PageContent[Section]>,
  pick: (text: Text) => string,
  photo: (image: SiteImage | undefined) => { image?: { path: string; alt: string } },
) => Content;

/**
 * The pages' reading of each section (src/shared/site-content/sections/<section>.ts declares
 * it): a section the site shows has its reader here, or the types say what is missing. Links
 * and schedules are read where they are shown (published-content.ts).
 */
const readers: { [Section in SiteContentSection]: Reader<Section> } = {
  programs: (content, programs, pick, photo) => ({
    ...content,
    programs: programs.map((program) => ({
      title: pick(program.title),
      summary: pick(program.summary),
      ...photo(program.image),
    })),
  }),
  mutakallim: (content, mutakallim, pick) => ({
    ...content,
    mutakallim: {
      ...content.mutakallim,
      description: pick(mutakallim.description),
      format: content.mutakallim.format.map((point, index): Definition => {
        const edited = mutakallim.format[index];
        return edited ? { term: pick(edited.term), definition: pick(edited.definition) } : point;
      }) as Content["mutakallim"]["format"],
      duration: { ...content.mutakallim.duration, definition: pick(mutakallim.duration) },
    },
  }),
  links: (content) => content,
  values: (content, values, pick) => ({
    ...content,
    values: values.map((value) => ({
      icon: value.icon,
      title: pick(value.title),
      text: pick(value.text),
    })),
  }),
  stories: (content, stories, pick, photo) => ({
    ...content,
    stories: stories.map((story) => ({
      quote: pick(story.quote),
      author: pick(story.author),
      context: pick(story.context),
      ...photo(story.image),
    })),
  }),
  pages: (content, pages, pick, photo) => {
    const { meta: metaEdited = {}, home, leads = {}, about, comingSoon } = pages;
    const lead = (text: Text | undefined, fallback: string) => (text ? pick(text) : fallback);
    return {
      ...content,
      meta: Object.fromEntries(
        Object.entries(content.meta).map(([page, meta]) => {
          const edited = metaEdited[page as keyof typeof metaEdited];
          return [
            page,
            edited
              ? {
                  title: pick(edited.title),
                  description: pick(edited.description),
                  ...photo(edited.image),
                }
              : meta,
          ];
        }),
      ) as Content["meta"],
      home: home
        ? {
            ...content.home,
            hero: {
              ...content.home.hero,
              eyebrow: pick(home.hero.eyebrow),
              quote: pick(home.hero.quote),
              lead: pick(home.hero.lead),
            },
            philosophy: {
              title: pick(home.philosophy.title),
              text: pick(home.philosophy.text),
              points: home.philosophy.points.map(pick),
            },
            identity: { title: pick(home.identity.title), text: pick(home.identity.text) },
            closing: {
              ...content.home.closing,
              title: pick(home.closing.title),
              text: pick(home.closing.text),
            },
          }
        : content.home,
      about: {
        ...content.about,
        lead: lead(leads.about, content.about.lead),
        ...(about && {
          vision: { title: pick(about.vision.title), text: pick(about.vision.text) },
          mission: { title: pick(about.mission.title), text: pick(about.mission.text) },
        }),
      },
      programsPage: {
        ...content.programsPage,
        lead: lead(leads.programs, content.programsPage.lead),
      },
      mutakallim: {
        ...content.mutakallim,
        lead: lead(leads.mutakallim, content.mutakallim.lead),
      },
      comingSoon: comingSoon
        ? {
            mutaallem: { ...content.comingSoon.mutaallem, text: pick(comingSoon.mutaallem) },
            asdaaKalima: {
              ...content.comingSoon.asdaaKalima,
              text: pick(comingSoon.asdaaKalima),
            },
            status: pick(comingSoon.status),
          }
        : content.comingSoon,
      community: { ...content.community, lead: lead(leads.community, content.community.lead) },
      contact: { ...content.contact, lead: lead(leads.contact, content.contact.lead) },
    };
  },
};

/**
 * A language's strings with the team's published content in place of the words it edits, as far
 * as `site` holds them (a page carries only what it shows): the interface's own words (buttons,
 * labels, errors), and whatever `site` leaves out, stay as the content modules write them.
 */
export function withSiteContent(content: Content, site: PageContent, language: Language): Content {
  const pick = (text: Text) => text[language];
  const photo = (image: SiteImage | undefined) =>
    image ? { image: { path: image.path, alt: pick(image.alt) } } : {};
  let read = content;
  for (const section of Object.keys(readers) as SiteContentSection[]) {
    const part = site[section];
    if (part) read = (readers[section] as Reader<typeof section>)(read, part as never, pick, photo);
  }
  return read;
}
