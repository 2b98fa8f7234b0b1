import { z } from "zod";
import {
  bilingual,
  bothEmpty,
  endAfterStart,
  endsAfterStart,
  image,
  imageLabels,
  link,
  problem,
  slot,
} from "../fields.ts";
import { defineSection } from "../section.ts";

const youtube = link(["youtube.com", "youtu.be"], "https://www.youtube.com/@kalima");

const program = z
  .strictObject({
    id: z
      .string()
      .refine(
        (value) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/u.test(value),
        problem("id", "is lowercase letters, digits and dashes, such as between-the-covers"),
      ),
    title: bilingual(40),
    summary: bilingual(160),
    ...slot.shape,
    youtube,
    image,
  })
  .refine(endsAfterStart, endAfterStart);

/** An address name no program has yet: program-7, program-8… */
function freshId(list: readonly unknown[]): string {
  const taken = new Set(list.map((item) => (item as { id?: unknown }).id));
  let number = list.length + 1;
  while (taken.has(`program-${number}`)) number += 1;
  return `program-${number}`;
}

/** The weekly programs: their words, their slot in the week, where to watch them, a photo. */
export const programs = defineSection({
  schema: z
    .array(program)
    .min(1, { error: "has at least one program" })
    .max(12, { error: "has at most 12 programs" })
    .refine(
      (list) => new Set(list.map((item) => item.id)).size === list.length,
      problem("repeated", "names each program once"),
    ),
  shownOn: ["programs", "home"],
  blank: {
    programs: (list) => ({
      id: freshId(list),
      title: bothEmpty(),
      summary: bothEmpty(),
      day: 0,
      start: "19:00",
      youtube: "",
    }),
  },
  labels: {
    ar: {
      name: "البرامج",
      fields: {
        id: "اسم العنوان (في روابط صفحة البرامج)",
        title: "العنوان",
        summary: "الوصف",
        day: "اليوم",
        start: "يبدأ (بتوقيت الأردن)",
        end: "ينتهي (بتوقيت الأردن)",
        youtube: "رابط يوتيوب",
        ...imageLabels.ar,
      },
      items: { programs: (number) => `البرنامج ${number}` },
    },
    en: {
      name: "Programs",
      fields: {
        id: "Address name (in the programs page's links)",
        title: "Title",
        summary: "Description",
        day: "Day",
        start: "Starts at (Jordan time)",
        end: "Ends at (Jordan time)",
        youtube: "YouTube link",
        ...imageLabels.en,
      },
      items: { programs: (number) => `Program ${number}` },
    },
  },
});
