import { useQuery } from "@tanstack/react-query";
import { mailStateQuery, type MailState } from "../api/inbox-queries.ts";

/** Whether mail is delivered and which mails failed; undefined until known, or if unreadable. */
export function useMailState(): MailState | undefined {
  const { data, status } = useQuery(mailStateQuery());
  // Unknown is said by saying nothing: the submissions' own list reports a failed read.
  return status === "success" ? data : undefined;
}
