import { describe, expect, it } from "vitest";
import { formatNumber } from "../lib/format.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";

const inArabic = (value: number) => formatNumber("ar", value);

describe("the retention in words", () => {
  it.each([
    [1, "يوم واحد"],
    [2, "يومين"],
    [7, "٧ أيام"],
    [30, "٣٠ يومًا"],
    [100, "١٠٠ يوم"],
    [103, "١٠٣ أيام"],
  ])("counts %i days as Arabic does", (days, words) => {
    expect(ar.privacy.retention({ spamDays: days, keepMonths: null }, inArabic)).toContain(
      `بعد ${words}.`,
    );
  });

  it("says a limit in months when one is set, in both languages", () => {
    expect(ar.privacy.retention({ spamDays: 30, keepMonths: 12 }, inArabic)).toBe(
      "تُحذف كل رسالة بعد ١٢ شهرًا على الأكثر، أما ما يُعدّ رسالة مزعجة فيُحذف بعد ٣٠ يومًا.",
    );
    expect(en.privacy.retention({ spamDays: 1, keepMonths: 6 }, String)).toBe(
      "Every message is deleted after 6 months at most; what is marked as spam after 1 day.",
    );
  });

  it("keeps a message until the team deletes it when no limit is set", () => {
    expect(en.privacy.retention({ spamDays: 30, keepMonths: null }, String)).toBe(
      "A message stays until the team deletes it; what is marked as spam is deleted after 30 days.",
    );
  });
});
