import type { ReceivedMail } from "./smtp-sink.ts";

export interface DeliveryFigures {
  submissions: number;
  expected: number;
  delivered: number;
  duplicates: number;
  missing: number;
}

/** What arrived against what was expected, by Message-ID: a mail received twice is one duplicate. */
export function deliveryFigures(
  submissions: number,
  expected: number | string[],
  received: ReceivedMail[],
): DeliveryFigures {
  const arrived = received.map((mail) => mail.parsed.messageId ?? "");
  const unique = new Set(arrived);
  return {
    submissions,
    expected: typeof expected === "number" ? expected : expected.length,
    delivered: arrived.length,
    duplicates: arrived.length - unique.size,
    missing:
      typeof expected === "number"
        ? Math.max(0, expected - unique.size)
        : expected.filter((id) => !unique.has(id)).length,
  };
}
