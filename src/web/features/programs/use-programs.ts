import { useProgramSlots } from "../../content/published-content.ts";
import type { WeeklySlot } from "../../content/site.ts";
import type { ProgramText } from "../../content/types.ts";
import { formatTime, formatTimeRange, formatWeekday } from "../../lib/format.ts";
import { useLanguage } from "../../language/use-language.ts";

export interface Program extends ProgramText {
  key: string;
  slot: WeeklySlot;
  day: string;
  time: string;
  /** Where to watch it; undefined until the team configures it. */
  youtube: string | undefined;
}

/** The programs: their words in the current language, with their weekly slot formatted for it. */
export function usePrograms(): Program[] {
  const { content, language } = useLanguage();
  const slots = useProgramSlots();
  return content.programs.map((program, index) => {
    const { slot: schedule, youtube } = slots[index] ?? {};
    if (!schedule) throw new Error(`Program ${index + 1} has no weekly slot`);
    return {
      ...program,
      key: `program-${index + 1}`,
      slot: schedule,
      day: formatWeekday(language, schedule.day),
      time: schedule.end
        ? formatTimeRange(language, schedule.start, schedule.end)
        : formatTime(language, schedule.start),
      youtube,
    };
  });
}
