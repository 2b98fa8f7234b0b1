import { describe, expect, it } from "vitest";
import { answeredIds, foldQuote, readIncomingMail } from "./answer.ts";

const place = {
  mailbox: "team@imap.example:993/INBOX",
  uidValidity: "7",
  uid: 42,
  flags: new Set<string>(),
};

function mail(headers: string[], text: string): Buffer {
  return Buffer.from(
    [...headers, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n"),
    "utf8",
  );
}

describe("foldQuote", () => {
  it("cuts at the line a mail program writes above what it quotes", () => {
    expect(
      foldQuote("Thanks!\n\nOn Thu, 3 Dec 2026 at 10:00, Kalima <k@k.example> wrote:\n> yes"),
    ).toEqual({
      body: "Thanks!",
      quoted: "On Thu, 3 Dec 2026 at 10:00, Kalima <k@k.example> wrote:\n> yes",
    });
  });

  it("cuts at an attribution that runs over two lines, and at Gmail's Arabic one", () => {
    expect(foldQuote("Yes.\nOn Thu, 3 Dec 2026, Kalima <k@k.example>\nwrote:\n> hi").body).toBe(
      "Yes.",
    );
    expect(
      foldQuote("سأحضر.\n\nفي الخميس، ٣ ديسمبر ٢٠٢٦ في ١٠:٠٠ ص، Kalima <k@k.example> كتب:\n> نعم"),
    ).toEqual({
      body: "سأحضر.",
      quoted: "في الخميس، ٣ ديسمبر ٢٠٢٦ في ١٠:٠٠ ص، Kalima <k@k.example> كتب:\n> نعم",
    });
  });

  it("cuts at Outlook's separator and at a quoted block that runs to the end", () => {
    expect(foldQuote("Fine.\n________________________________\nFrom: Kalima").body).toBe("Fine.");
    expect(foldQuote("Fine.\n\n> one\n>\n> two\n")).toEqual({
      body: "Fine.",
      quoted: "> one\n>\n> two",
    });
  });

  it("keeps a quote answered in between, and a mail that is all quote, whole", () => {
    const inline = "> Will you come?\nYes.\n> With a friend?\nNo.";
    expect(foldQuote(inline)).toEqual({ body: inline, quoted: null });
    expect(foldQuote("> only a quote")).toEqual({ body: "> only a quote", quoted: null });
  });
});

describe("answeredIds", () => {
  it("puts In-Reply-To first, then References from the newest, each once", () => {
    expect(answeredIds("<c@x>", "<a@x> <b@x>\r\n <c@x>")).toEqual(["<c@x>", "<b@x>", "<a@x>"]);
    expect(answeredIds(undefined, "no ids here")).toEqual([]);
  });
});

describe("readIncomingMail", () => {
  it("marks an out-of-office by its headers or its subject, whatever the language", async () => {
    for (const headers of [
      ["Auto-Submitted: auto-replied", "Subject: Re: hello"],
      ["Precedence: auto_reply", "Subject: Re: hello"],
      ["X-Autoreply: yes", "Subject: Re: hello"],
      ["Subject: Automatic reply: hello"],
      ["Subject: Out of Office: hello"],
      ["Subject: =?UTF-8?B?2LHYryDYqtmE2YLYp9im2Yo6INmF2LHYrdio2Kc=?="],
    ]) {
      const read = await readIncomingMail(mail(["Message-ID: <a@b>", ...headers], "Away"), place);
      expect(read.kind, headers.join(" | ")).toBe("auto");
    }
    const person = await readIncomingMail(
      mail(["Message-ID: <a@b>", "Auto-Submitted: no", "Subject: Re: out of time?"], "Hi"),
      place,
    );
    expect(person.kind).toBe("answer");
  });

  it("marks spam by the filter's headers or the mailbox's flag, before anything else", async () => {
    const flagged = await readIncomingMail(mail(["X-Spam-Flag: YES"], "x"), place);
    expect(flagged.kind).toBe("spam");
    const status = await readIncomingMail(mail(["X-Spam-Status: Yes, score=9.1"], "x"), place);
    expect(status.kind).toBe("spam");
    const junk = await readIncomingMail(mail([], "x"), { ...place, flags: new Set(["$Junk"]) });
    expect(junk.kind).toBe("spam");
    const clean = await readIncomingMail(mail(["X-Spam-Status: No, score=0.1"], "x"), place);
    expect(clean.kind).toBe("answer");
  });

  it("names a mail without a Message-ID by its place in the mailbox, the same on every instance", async () => {
    const first = await readIncomingMail(mail([], "x"), place);
    const again = await readIncomingMail(mail([], "x"), place);
    expect(first.messageId).toMatch(/^<7\.42\.[0-9a-f]{16}@mailbox\.invalid>$/u);
    expect(again.messageId).toBe(first.messageId);
  });
});
