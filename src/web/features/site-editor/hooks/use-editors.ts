import { useEffect, useRef, useState } from "react";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { useAuth } from "../../../auth/use-auth.ts";
import { joinEditors } from "../api/join-editors.ts";
import {
  arrivals,
  memberName,
  othersIn,
  type Editor,
  type PresenceState,
} from "../model/presence.ts";

/**
 * The other members with this section open, and those who just arrived in it (to be said once,
 * politely); this member's own place is shown to them as it changes. `join` is the team's
 * channel; a test passes its own.
 */
export function useEditors(section: SiteContentSection | null, join = joinEditors) {
  const user = useAuth().session?.user;
  const me = user?.id ?? "";
  const name = user ? memberName(user) : "";
  const [state, setState] = useState<PresenceState>({});
  const [arrived, setArrived] = useState<{ section: SiteContentSection; editors: Editor[] }>();
  const channel = useRef<ReturnType<typeof joinEditors>>(undefined);
  const known = useRef<PresenceState>({});
  const here = useRef(section);

  useEffect(() => {
    if (!me) return;
    const joined = join(me, (next, fresh) => {
      const where = here.current;
      const before = othersIn(known.current, where, me);
      known.current = next;
      setState(next);
      // Who is there at a (re)join was not seen arriving: only said by the line itself.
      if (fresh || !where) return;
      const came = arrivals(before, othersIn(next, where, me));
      if (came.length > 0) setArrived({ section: where, editors: came });
    });
    channel.current = joined;
    return () => {
      channel.current = undefined;
      joined.leave();
    };
  }, [me, join]);

  useEffect(() => {
    here.current = section;
    channel.current?.show({ section, name });
  }, [section, name, me, join]);

  return {
    others: othersIn(state, section, me),
    arrived: arrived && arrived.section === section ? arrived.editors : [],
  };
}
