import type { Language } from "../../shared/language.ts";
import type { SiteContent } from "../../shared/site-content.ts";
import type { Content } from "./types.ts";

type Definition = Content["mutakallim"]["format"][number];

/**
 * A language's strings with the team's published content in place of the words it edits: the
 * interface's own words (buttons, labels, errors) stay as the content modules write them.
 */
export function withSiteContent(content: Content, site: SiteContent, language: Language): Content {
  const pick = (text: { ar: string; en: string }) => text[language];
  const pages = site.pages;
  const format = content.mutakallim.format.map((point, index): Definition => {
    const edited = site.mutakallim.format[index];
    return edited ? { term: pick(edited.term), definition: pick(edited.definition) } : point;
  }) as Content["mutakallim"]["format"];
  return {
    ...content,
    meta: Object.fromEntries(
      Object.entries(content.meta).map(([page, meta]) => {
        const edited = pages.meta[page as keyof typeof pages.meta];
        return [
          page,
          edited ? { title: pick(edited.title), description: pick(edited.description) } : meta,
        ];
      }),
    ) as Content["meta"],
    home: {
      ...content.home,
      hero: {
        ...content.home.hero,
        eyebrow: pick(pages.home.hero.eyebrow),
        quote: pick(pages.home.hero.quote),
        lead: pick(pages.home.hero.lead),
      },
      philosophy: {
        title: pick(pages.home.philosophy.title),
        text: pick(pages.home.philosophy.text),
        points: pages.home.philosophy.points.map(pick),
      },
      identity: { title: pick(pages.home.identity.title), text: pick(pages.home.identity.text) },
      closing: {
        ...content.home.closing,
        title: pick(pages.home.closing.title),
        text: pick(pages.home.closing.text),
      },
    },
    values: site.values.map((value) => ({
      icon: value.icon,
      title: pick(value.title),
      text: pick(value.text),
    })),
    programs: site.programs.map((program) => ({
      title: pick(program.title),
      summary: pick(program.summary),
    })),
    stories: site.stories.map((story) => ({
      quote: pick(story.quote),
      author: pick(story.author),
      context: pick(story.context),
    })),
    about: {
      ...content.about,
      lead: pick(pages.leads.about),
      vision: { title: pick(pages.about.vision.title), text: pick(pages.about.vision.text) },
      mission: { title: pick(pages.about.mission.title), text: pick(pages.about.mission.text) },
    },
    programsPage: { ...content.programsPage, lead: pick(pages.leads.programs) },
    mutakallim: {
      ...content.mutakallim,
      lead: pick(pages.leads.mutakallim),
      description: pick(site.mutakallim.description),
      format,
      duration: { ...content.mutakallim.duration, definition: pick(site.mutakallim.duration) },
    },
    comingSoon: {
      mutaallem: { ...content.comingSoon.mutaallem, text: pick(pages.comingSoon.mutaallem) },
      asdaaKalima: {
        ...content.comingSoon.asdaaKalima,
        text: pick(pages.comingSoon.asdaaKalima),
      },
      status: pick(pages.comingSoon.status),
    },
    community: { ...content.community, lead: pick(pages.leads.community) },
    contact: { ...content.contact, lead: pick(pages.leads.contact) },
  };
}
