// The drafts and versions as other members change them, from the database's change feed
// (Supabase Realtime's postgres_changes), delivered only to those whose row-level security lets
// them read the row: members at aal2. Without a realtime server nothing is heard, and the editor
// works as before: a stale save is still refused by the database.
import type { VersionRow } from "../model/live-version.ts";
import type { Draft } from "./site-content.ts";
import { openTeamChannel } from "./team-channel.ts";

export interface SiteContentListeners {
  /** A draft saved, or written by a restore: whoever saved it, this member included. */
  draft: (draft: Draft) => void;
  /** A version published or restored, or its pages rendered or refused. */
  version: (row: VersionRow) => void;
  /** The feed joined, or joined again: what changed while it was away was not heard. */
  joined: () => void;
}

/** A jsonb value as the feed may send it: parsed by supabase-js when the columns' types came. */
const json = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

function draftOf(record: Record<string, unknown>): Draft {
  return {
    ...(record as unknown as Draft),
    body: json(record.body),
    revision: Number(record.revision),
  };
}

/** Listens to the site's content as the team changes it; answers how to stop. */
export function watchSiteContent(listeners: SiteContentListeners): () => void {
  let stopped = false;
  let stop = () => {};
  void openTeamChannel("team:site-content", {}, () => stopped)
    .then((opened) => {
      if (!opened) return;
      opened.channel
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "site_content_drafts" },
          (change) => {
            if (change.eventType !== "DELETE") listeners.draft(draftOf(change.new));
          },
        )
        .on(
          "postgres_changes",
          { event: "*", schema: "public", table: "site_content_versions" },
          (change) => {
            if (change.eventType === "DELETE") return;
            const row = change.new as Record<string, unknown>;
            listeners.version({ ...(row as unknown as VersionRow), content: json(row.content) });
          },
        );
      opened.join((status) => {
        if (status === "SUBSCRIBED" && !stopped) listeners.joined();
      });
      stop = opened.leave;
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop();
  };
}
