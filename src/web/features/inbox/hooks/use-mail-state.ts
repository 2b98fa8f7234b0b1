import { useQuery } from "@tanstack/react-query";
import { mailStateQuery, type MailState } from "../api/inbox-queries.ts";

/**
 * Whether mail is delivered and which mails failed: `state` is undefined until known, or if
 * unreadable (the submissions' own list reports a failed read); `settled` says the first read
 * has answered, either way.
 */
export function useMailState(): { state: MailState | undefined; settled: boolean } {
  const { data, status } = useQuery(mailStateQuery());
  return { state: status === "success" ? data : undefined, settled: status !== "pending" };
}
