import { describe, expect, it } from "vitest";
import { exportFileName, submissionsCsv } from "./csv-export.ts";

describe("the inbox's CSV", () => {
  it("is the export's: byte order mark, header, quoting and UTC microseconds", () => {
    const csv = submissionsCsv([
      {
        id: 7,
        created_at: "2026-01-31T18:00:00.123+03:00",
        name: "ريم",
        email: "reem@example.com",
        phone: "+966 55 123 4567",
        message: 'سطر أول\nSecond "line"',
        form_source: "Contact Page",
        status: "done",
        note: "",
      },
    ]);
    expect(csv).toBe(
      "\uFEFFid,created_at,name,email,phone,message,form_source,status,note\r\n" +
        `7,2026-01-31T15:00:00.123000Z,ريم,reem@example.com,'+966 55 123 4567,"سطر أول\nSecond ""line""",Contact Page,done,\r\n`,
    );
  });

  it("is a header alone when nothing matches", () => {
    expect(submissionsCsv([])).toBe(
      "\uFEFFid,created_at,name,email,phone,message,form_source,status,note\r\n",
    );
  });

  it("is named for the reader's day", () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe("kalima-submissions-2026-01-05.csv");
  });
});
