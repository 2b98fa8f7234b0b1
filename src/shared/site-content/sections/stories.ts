import { z } from "zod";
import { bilingual, bothEmpty, image, imageLabels } from "../fields.ts";
import { defineSection } from "../section.ts";

/** What the community says: quotes, each with who said it and a photo. */
export const stories = defineSection({
  schema: z
    .array(
      z.strictObject({
        quote: bilingual(300),
        author: bilingual(40),
        context: bilingual(60),
        image,
      }),
    )
    .max(12, { error: "has at most 12 stories" }),
  shownOn: ["community", "home"],
  blank: { stories: () => ({ quote: bothEmpty(), author: bothEmpty(), context: bothEmpty() }) },
  labels: {
    ar: {
      name: "القصص",
      fields: { quote: "الاقتباس", author: "القائل", context: "السياق", ...imageLabels.ar },
      items: { stories: (number) => `القصة ${number}` },
    },
    en: {
      name: "Stories",
      fields: { quote: "Quote", author: "Author", context: "Context", ...imageLabels.en },
      items: { stories: (number) => `Story ${number}` },
    },
  },
});
