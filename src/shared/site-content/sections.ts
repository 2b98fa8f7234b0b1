import type { Language } from "../language.ts";
import type { SectionDefinition, SectionLabels } from "./section.ts";
import { links } from "./sections/links.ts";
import { mutakallim } from "./sections/mutakallim.ts";
import { pages } from "./sections/pages.ts";
import { programs } from "./sections/programs.ts";
import { stories } from "./sections/stories.ts";
import { values } from "./sections/values.ts";

/**
 * Every section of the site's content, each declared once in sections/<section>.ts, in the
 * order an export lists them and the editor shows them.
 */
export const sectionDefinitions = { programs, mutakallim, links, values, stories, pages };

export type SiteContentSection = keyof typeof sectionDefinitions;

/** The sections, in the order an export lists them. */
export const siteContentSections = Object.keys(sectionDefinitions) as SiteContentSection[];

/** A section's definition, for what every section has alike. */
export const sectionDefinition = (section: SiteContentSection): SectionDefinition =>
  sectionDefinitions[section];

/** The schema of each section. */
export const siteContentSchemas = Object.fromEntries(
  siteContentSections.map((section) => [section, sectionDefinitions[section].schema]),
) as { [Section in SiteContentSection]: (typeof sectionDefinitions)[Section]["schema"] };

/**
 * The editor's words for every section in one language: each section's name, and the names of
 * their fields and list items, gathered (a key names the same thing in every section that has it).
 */
export function sectionLabels(language: Language): {
  names: Record<SiteContentSection, string>;
  fields: Record<string, string>;
  items: Record<string, (number: string) => string>;
} {
  const all: [SiteContentSection, SectionLabels][] = siteContentSections.map((section) => [
    section,
    sectionDefinitions[section].labels[language],
  ]);
  return {
    names: Object.fromEntries(all.map(([section, labels]) => [section, labels.name])) as Record<
      SiteContentSection,
      string
    >,
    fields: Object.assign({}, ...all.map(([, labels]) => labels.fields)) as Record<string, string>,
    items: Object.assign({}, ...all.map(([, labels]) => labels.items ?? {})) as Record<
      string,
      (number: string) => string
    >,
  };
}
