import { useEffect, useState } from "react";
import { listFailedMail, type FailedMailPage } from "../api/list-failed-mail.ts";
import { readMailOn } from "../api/read-mail-on.ts";

export interface MailState {
  on: boolean;
  failed: FailedMailPage;
}

/** Whether mail is delivered and which mails failed; undefined until known, or if unreadable. */
export function useMailState(): MailState | undefined {
  const [state, setState] = useState<MailState>();
  useEffect(() => {
    let current = true;
    Promise.all([readMailOn(), listFailedMail()]).then(
      ([on, failed]) => current && setState({ on, failed }),
      // Unknown is said by saying nothing: the submissions' own list reports a failed read.
      () => current && setState(undefined),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
