import { expect, it } from "vitest";
import { en } from "./en.ts";
import { initialSiteContent } from "./initial-site-content.ts";
import { pageContentOf, type PageContent } from "./page-content.ts";
import { withSiteContent } from "./with-site-content.ts";

it("reads a page's content from its routes' loader data: the frame's, then the page's", () => {
  const site = initialSiteContent();
  const frame = { site: { links: site.links } satisfies PageContent };
  const contact = {
    site: {
      pages: {
        meta: { contact: site.pages.meta.contact },
        leads: { contact: site.pages.leads.contact },
      },
    } satisfies PageContent,
  };
  expect(pageContentOf([frame, contact])).toEqual({
    links: site.links,
    pages: {
      meta: { contact: site.pages.meta.contact },
      leads: { contact: site.pages.leads.contact },
    },
  });
  expect(pageContentOf([frame, undefined])).toEqual({ links: site.links, pages: {} });
  expect(pageContentOf([undefined, { other: 1 }])).toBeUndefined();
});

it("puts the team's words where a page carries them, and leaves the modules' everywhere else", () => {
  const site = initialSiteContent();
  site.pages.leads.about = { ar: "عن كلمة اليوم", en: "Kalima today" };
  site.pages.about.vision.title = { ar: "رؤيتنا", en: "Where we look" };
  site.values = [site.values[1]!];
  site.stories = [];
  const about: PageContent = {
    values: site.values,
    pages: { leads: { about: site.pages.leads.about }, about: site.pages.about },
  };
  const english = withSiteContent(en, about, "en");
  expect(english.about.lead).toBe("Kalima today");
  expect(english.about.vision.title).toBe("Where we look");
  expect(english.values).toHaveLength(1);
  // What the about page does not carry stays as the modules write it.
  expect(english.stories).toEqual(en.stories);
  expect(english.programs).toEqual(en.programs);
  expect(english.home).toEqual(en.home);
  expect(english.contact.lead).toBe(en.contact.lead);
  expect(english.meta).toEqual(en.meta);
  expect(withSiteContent(en, {}, "en")).toEqual(en);
});
