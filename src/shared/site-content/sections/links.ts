import { z } from "zod";
import { socialLink } from "../fields.ts";
import { defineSection } from "../section.ts";

/** The initiative's accounts on each social network, each empty until the team names it. */
export const links = defineSection({
  schema: z.strictObject({
    instagram: socialLink("instagram"),
    x: socialLink("x"),
    youtube: socialLink("youtube"),
    tiktok: socialLink("tiktok"),
    facebook: socialLink("facebook"),
  }),
  shownOn: ["contact", "home"],
  labels: {
    ar: {
      name: "روابط التواصل",
      fields: {
        instagram: "إنستغرام",
        x: "إكس",
        youtube: "رابط يوتيوب",
        tiktok: "تيك توك",
        facebook: "فيسبوك",
      },
    },
    en: {
      name: "Social links",
      fields: {
        instagram: "Instagram",
        x: "X",
        youtube: "YouTube link",
        tiktok: "TikTok",
        facebook: "Facebook",
      },
    },
  },
});
