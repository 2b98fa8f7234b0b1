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
 * What the polite status says, once: who arrived in this section, that the channel is lost and
 * being joined again, or that it is back.
 */
export type PresenceNews =
  | { kind: "arrived"; section: SiteContentSection; editors: Editor[] }
  | { kind: "away" }
  | { kind: "back" };

/**
 * How long a line said politely stays in its live region: long enough to be read, then gone, so
 * that a screen reader moving through the page does not meet it again (as react-aria's
 * announcer clears its own).
 */
export const saidFor = 7000;

/**
 * The other members with this section open, and what to say of them once (those who just
 * arrived in it, the channel lost or back); this member's own place is shown to them as it
 * changes. `join` is the team's channel; a test passes its own.
 */
export function useEditors(section: SiteContentSection | null, join = joinEditors) {
  const user = useAuth().session?.user;
  const me = user?.id ?? "";
  const name = user ? memberName(user) : "";
  const [state, setState] = useState<PresenceState>({});
  const [away, setAway] = useState(false);
  const [news, setNews] = useState<PresenceNews>();
  const channel = useRef<ReturnType<typeof joinEditors>>(undefined);
  const known = useRef<PresenceState>({});
  const here = useRef(section);

  useEffect(() => {
    if (!me) return;
    let clearing: ReturnType<typeof setTimeout> | undefined;
    const say = (said: PresenceNews) => {
      setNews(said);
      clearTimeout(clearing);
      clearing = setTimeout(() => setNews(undefined), saidFor);
    };
    const joined = join(me, {
      changed: (next, fresh) => {
        const where = here.current;
        const before = othersIn(known.current, where, me);
        known.current = next;
        setState(next);
        // Who is there at a (re)join was not seen arriving: only said by the line itself.
        if (fresh || !where) return;
        const came = arrivals(before, othersIn(next, where, me));
        if (came.length > 0) say({ kind: "arrived", section: where, editors: came });
      },
      connection: (now) => {
        setAway(now === "away");
        say({ kind: now === "away" ? "away" : "back" });
      },
    });
    channel.current = joined;
    return () => {
      channel.current = undefined;
      clearTimeout(clearing);
      joined.leave();
    };
  }, [me, join]);

  useEffect(() => {
    here.current = section;
    channel.current?.show({ section, name });
  }, [section, name, me, join]);

  return {
    others: othersIn(state, section, me),
    away,
    news: news?.kind === "arrived" && news.section !== section ? undefined : news,
  };
}
