import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useRef } from "react";
import { useAuth } from "../../../auth/use-auth.ts";
import { inboxKeys } from "../api/inbox-queries.ts";
import { readArrivalsAfter, readLatestSubmissionId } from "../api/read-arrivals.ts";
import { subscribeToInbox } from "../api/subscribe-to-inbox.ts";
import {
  initialLiveInbox,
  liveInboxReducer,
  staleAfter,
  type LiveInbox,
} from "../model/live-inbox.ts";

/** The first reading after a quiet spell waits this long, for the rest of a burst to join it. */
export const gatherMs = 300;
/** Readings of the list and its counts are at least this far apart, however busy the inbox. */
export const readingGapMs = 1000;

/** The signals that the member is looking at the page again. */
const lookingEvents = ["focus", "pointerdown", "keydown"] as const;

/**
 * The inbox as the team changes it, heard live once per open inbox: what arrived unseen, what
 * others did to the open submission, and rows changed since the list was read. What went stale
 * (the list and its counts, the open submission) is invalidated in the query cache, gathered so
 * that a burst of arrivals is one reading. After a lost connection comes back, everything shown
 * is read again, and what arrived meanwhile is announced as a live arrival is, each submission
 * once however it is heard (read after the return, or sent late by the connection).
 */
export function useLiveInbox(open: number | undefined): LiveInbox {
  const { session } = useAuth();
  const userId = session?.user.id;
  const me = useRef(userId);
  const opened = useRef(open);
  const [state, dispatch] = useReducer(liveInboxReducer, initialLiveInbox);
  const client = useQueryClient();

  useEffect(() => {
    me.current = userId;
  }, [userId]);
  useEffect(() => {
    opened.current = open;
    dispatch({ type: "open", id: open });
  }, [open]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastReading = -Infinity;
    let list = false;
    let submissions = new Set<number>();
    let savedReplies = false;
    let everything = false;

    const read = () => {
      timer = undefined;
      lastReading = Date.now();
      const open = opened.current;
      const detail = everything || (open !== undefined && submissions.has(open));
      dispatch({ type: "read", list: list || everything, open: detail, everything });
      if (list || everything) void client.invalidateQueries({ queryKey: inboxKeys.matches() });
      if (detail && open !== undefined) {
        void client.invalidateQueries({ queryKey: inboxKeys.submission(open) });
      }
      if (savedReplies || everything) {
        void client.invalidateQueries({ queryKey: inboxKeys.savedReplies() });
      }
      list = false;
      savedReplies = false;
      everything = false;
      submissions = new Set();
    };
    const schedule = () => {
      if (timer !== undefined) return;
      const wait = Math.max(gatherMs, lastReading + readingGapMs - Date.now());
      timer = setTimeout(read, wait);
    };

    // Arrivals are counted after the newest submission known, and each is announced once.
    let newest: number | undefined;
    const heard = new Set<number>();
    let stopped = false;
    const hear = (id: number) => {
      if (heard.has(id)) return false;
      heard.add(id);
      newest = Math.max(newest ?? 0, id);
      return true;
    };
    const catchUp = () => {
      const after = newest;
      if (after === undefined) return;
      readArrivalsAfter(after)
        .then((rows) => {
          const fresh = rows.filter((row) => hear(row.id));
          if (!stopped && fresh.length > 0) dispatch({ type: "arrivals", submissions: fresh });
        })
        .catch(() => {});
    };

    let joined = false;
    let lost = false;
    const stop = subscribeToInbox({
      onEvent: (event) => {
        if (event.kind === "arrived" && !hear(event.submission.id)) return;
        dispatch({ type: "event", event, me: me.current });
        const stale = staleAfter(event);
        list ||= stale.list;
        savedReplies ||= event.kind === "saved-replies";
        if (stale.submission !== undefined) submissions.add(stale.submission);
        schedule();
      },
      onStatus: (status) => {
        dispatch({ type: "channel", status });
        if (status !== "SUBSCRIBED") {
          lost ||= joined;
          return;
        }
        // What changed while the connection was down never comes: read it all again.
        if (lost) {
          everything = true;
          schedule();
          catchUp();
        } else if (!joined) {
          readLatestSubmissionId()
            .then((id) => {
              newest = Math.max(newest ?? 0, id);
            })
            .catch(() => {});
        }
        joined = true;
        lost = false;
      },
      onUnavailable: () => dispatch({ type: "unavailable" }),
    });
    return () => {
      stopped = true;
      stop();
      clearTimeout(timer);
    };
  }, [client]);

  // Unseen arrivals are seen once the member comes back to the page, or touches it.
  const unseen = state.unseen > 0;
  useEffect(() => {
    if (!unseen) return;
    const looked = () => {
      if (document.visibilityState === "visible") dispatch({ type: "looked" });
    };
    for (const name of lookingEvents) window.addEventListener(name, looked, true);
    document.addEventListener("visibilitychange", looked);
    return () => {
      for (const name of lookingEvents) window.removeEventListener(name, looked, true);
      document.removeEventListener("visibilitychange", looked);
    };
  }, [unseen]);

  return state;
}
