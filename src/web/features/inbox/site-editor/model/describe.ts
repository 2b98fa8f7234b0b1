import type { Language } from "../../../../../shared/language.ts";
import type { Weekday } from "../../../../content/site.ts";
import { formatNumber, formatWeekday } from "../../../../lib/format.ts";
import type { EditorContent } from "../content/types.ts";
import type { FieldPath } from "./problems.ts";

/** Where a field is, as a member reads it: "Programs › Program 3 › Day". */
export function describePath(words: EditorContent, path: FieldPath, language: Language): string {
  const parts: string[] = [];
  path.forEach((part, index) => {
    if (typeof part === "number") {
      const list = path[index - 1];
      const name = words.items[typeof list === "string" ? list : ""] ?? words.items.points!;
      parts.push(name(formatNumber(language, part + 1)));
    } else if (part === "ar" || part === "en") {
      parts.push(words.languages[part]);
    } else {
      parts.push(
        words.fields[part] ?? words.sections[part as keyof EditorContent["sections"]] ?? part,
      );
    }
  });
  return parts.join(" › ");
}

/** A value as the member wrote or chose it: a day by its name, the rest as written. */
export function describeValue(value: unknown, path: FieldPath, language: Language): string {
  if (value === undefined || value === null) return "";
  if (path.at(-1) === "day" && typeof value === "number" && value >= 0 && value <= 6) {
    return formatWeekday(language, value as Weekday);
  }
  return String(value);
}
