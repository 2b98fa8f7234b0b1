import { z } from "zod";
import { bothEmpty, titled } from "../fields.ts";
import { defineSection } from "../section.ts";

/** The initiative's values, each with its icon. */
export const values = defineSection({
  schema: z
    .array(
      z.strictObject({
        icon: z.enum(["awareness", "speech", "dignity", "impact"]),
        ...titled(40, 200).shape,
      }),
    )
    .min(1, { error: "has at least one value" })
    .max(8, { error: "has at most 8 values" }),
  shownOn: ["about", "home"],
  blank: { values: () => ({ icon: "impact", title: bothEmpty(), text: bothEmpty() }) },
  labels: {
    ar: {
      name: "القيم",
      fields: {
        icon: "الأيقونة",
        title: "العنوان",
        text: "النص",
        awareness: "الوعي",
        speech: "الكلام",
        dignity: "الكرامة",
        impact: "الأثر",
      },
      items: { values: (number) => `القيمة ${number}` },
    },
    en: {
      name: "Values",
      fields: {
        icon: "Icon",
        title: "Title",
        text: "Text",
        awareness: "Awareness",
        speech: "Speech",
        dignity: "Dignity",
        impact: "Impact",
      },
      items: { values: (number) => `Value ${number}` },
    },
  },
});
