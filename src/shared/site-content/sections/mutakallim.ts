import { z } from "zod";
import { bilingual, endAfterStart, endsAfterStart, slot } from "../fields.ts";
import { defineSection } from "../section.ts";

/** Mutakallim, the speaking program: what it is, its four points, its sessions. */
export const mutakallim = defineSection({
  schema: z.strictObject({
    description: bilingual(700),
    format: z
      .array(z.strictObject({ term: bilingual(40), definition: bilingual(200) }))
      .length(4, { error: "has four points" }),
    duration: bilingual(40),
    sessions: slot.required({ end: true }).refine(endsAfterStart, endAfterStart),
  }),
  shownOn: ["mutakallim"],
  fixedLists: ["format"],
  labels: {
    ar: {
      name: "متكلّم",
      fields: {
        description: "الوصف",
        format: "الصيغة",
        term: "النقطة",
        definition: "الشرح",
        duration: "المدة",
        sessions: "الجلسات",
        day: "اليوم",
        start: "يبدأ (بتوقيت الأردن)",
        end: "ينتهي (بتوقيت الأردن)",
      },
      items: { format: (number) => `النقطة ${number}` },
    },
    en: {
      name: "Mutakallim",
      fields: {
        description: "Description",
        format: "Format",
        term: "Point",
        definition: "Explanation",
        duration: "Duration",
        sessions: "Sessions",
        day: "Day",
        start: "Starts at (Jordan time)",
        end: "Ends at (Jordan time)",
      },
      items: { format: (number) => `Point ${number}` },
    },
  },
});
