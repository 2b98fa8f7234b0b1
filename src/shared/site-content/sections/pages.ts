import { z } from "zod";
import { bilingual, image, imageLabels, titled } from "../fields.ts";
import { defineSection } from "../section.ts";

/** The pages whose title and description (search engines, link previews) the team edits. */
export const metaPages = [
  "home",
  "about",
  "programs",
  "mutakallim",
  "mutaallem",
  "asdaaKalima",
  "community",
  "contact",
  "privacy",
] as const;

const meta = z.strictObject({ title: bilingual(60), description: bilingual(200), image });

/** The pages' own texts: titles and descriptions, the home page, leads, about, coming soon. */
export const pages = defineSection({
  schema: z.strictObject({
    meta: z.strictObject(
      Object.fromEntries(metaPages.map((page) => [page, meta])) as Record<
        (typeof metaPages)[number],
        typeof meta
      >,
    ),
    home: z.strictObject({
      hero: z.strictObject({ eyebrow: bilingual(40), quote: bilingual(60), lead: bilingual(300) }),
      philosophy: z.strictObject({
        ...titled(40, 600).shape,
        points: z.array(bilingual(160)).min(1).max(6),
      }),
      identity: titled(40, 700),
      closing: titled(40, 300),
    }),
    leads: z.strictObject({
      about: bilingual(200),
      programs: bilingual(300),
      mutakallim: bilingual(200),
      community: bilingual(300),
      contact: bilingual(300),
    }),
    about: z.strictObject({ vision: titled(40, 400), mission: titled(40, 400) }),
    comingSoon: z.strictObject({
      mutaallem: bilingual(300),
      asdaaKalima: bilingual(300),
      status: bilingual(30),
    }),
  }),
  shownOn: metaPages,
  folds: true,
  labels: {
    ar: {
      name: "نصوص الصفحات",
      fields: {
        meta: "العناوين والأوصاف لمحركات البحث ومعاينات الروابط",
        title: "العنوان",
        description: "الوصف",
        ...imageLabels.ar,
        home: "الصفحة الرئيسية",
        hero: "الافتتاحية",
        eyebrow: "السطر فوق الاقتباس",
        quote: "الاقتباس",
        lead: "المقدمة",
        philosophy: "الفلسفة",
        text: "النص",
        points: "النقاط",
        identity: "الهوية",
        closing: "الدعوة الختامية",
        leads: "مقدمات الصفحات",
        about: "من نحن",
        vision: "الرؤية",
        mission: "الرسالة",
        programs: "البرامج",
        mutakallim: "متكلّم",
        mutaallem: "متعلّم",
        asdaaKalima: "أصداء كلمة",
        community: "المجتمع",
        contact: "تواصل معنا",
        privacy: "الخصوصية",
        comingSoon: "الصفحات القادمة",
        status: "سطر الحالة",
      },
      items: { points: (number) => `النقطة ${number}` },
    },
    en: {
      name: "Page texts",
      fields: {
        meta: "Titles and descriptions for search engines and link previews",
        title: "Title",
        description: "Description",
        ...imageLabels.en,
        home: "Home page",
        hero: "Opening",
        eyebrow: "Line above the quote",
        quote: "Quote",
        lead: "Lead",
        philosophy: "Philosophy",
        text: "Text",
        points: "Points",
        identity: "Identity",
        closing: "Closing call",
        leads: "Page leads",
        about: "About",
        vision: "Vision",
        mission: "Mission",
        programs: "Programs",
        mutakallim: "Mutakallim",
        mutaallem: "Muta'allem",
        asdaaKalima: "Asdaa Kalima",
        community: "Community",
        contact: "Contact",
        privacy: "Privacy",
        comingSoon: "Coming-soon pages",
        status: "Status line",
      },
      items: { points: (number) => `Point ${number}` },
    },
  },
});
