import type { Language } from "../../../../shared/language.ts";
import { useLanguage } from "../../../language/use-language.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import type { TeamContent } from "./types.ts";

const teamContent: Record<Language, TeamContent> = { ar, en };

/** The team's shared words in the page's language, beside the site's (toasts, language). */
export function useTeamContent() {
  const site = useLanguage();
  return { ...site, team: teamContent[site.language] };
}
