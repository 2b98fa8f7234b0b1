import type { Language } from "../../shared/language.ts";
import type { SiteContentSection, SiteImage } from "../../shared/site-content.ts";
import type { PageContent } from "./page-content.ts";
import type { Content } from "./types.ts";

type Definition = Content["mutakallim"]["format"][number];

/**
 * The sections the pages read (src/shared/site-content/sections/<section>.ts declares each; links
 * and schedules are read where they are shown, in published-content.ts). A section declared
 * there and not read here stops the typecheck, naming itself: read it below, then list it. A
 * type, not a table of functions, so the first view every page loads carries no more than the
 * reading itself.
 */
type SectionsRead = "pages" | "programs" | "mutakallim" | "values" | "stories" | "links";
type Read<Unread extends never> = Unread;
export type EverySectionRead = Read<Exclude<SiteContentSection, SectionsRead>>;

/**
 * A language's strings with the team's published content in place of the words it edits, as far
 * as `site` holds them (a page carries only what it shows): the interface's own words (buttons,
 * labels, errors), and whatever `site` leaves out, stay as the content modules write them.
 */
export function withSiteContent(content: Content, site: PageContent, language: Language): Content {
  const pick = (text: { ar: string; en: string }) => text[language];
  const photo = (image: SiteImage | undefined) =>
    image ? { image: { path: image.path, alt: pick(image.alt) } } : {};
  const { home, leads = {}, about, comingSoon } = site.pages ?? {};
  const metaEdited = site.pages?.meta ?? {};
  const lead = (text: { ar: string; en: string } | undefined, fallback: string) =>
    text ? pick(text) : fallback;
  const mutakallim = site.mutakallim;
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
    values: site.values
      ? site.values.map((value) => ({
          icon: value.icon,
          title: pick(value.title),
          text: pick(value.text),
        }))
      : content.values,
    programs: site.programs
      ? site.programs.map((program) => ({
          title: pick(program.title),
          summary: pick(program.summary),
          ...photo(program.image),
        }))
      : content.programs,
    stories: site.stories
      ? site.stories.map((story) => ({
          quote: pick(story.quote),
          author: pick(story.author),
          context: pick(story.context),
          ...photo(story.image),
        }))
      : content.stories,
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
      ...(mutakallim && {
        description: pick(mutakallim.description),
        format: content.mutakallim.format.map((point, index): Definition => {
          const edited = mutakallim.format[index];
          return edited ? { term: pick(edited.term), definition: pick(edited.definition) } : point;
        }) as Content["mutakallim"]["format"],
        duration: { ...content.mutakallim.duration, definition: pick(mutakallim.duration) },
      }),
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
}
