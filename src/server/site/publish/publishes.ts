import type { Database } from "../../db/database.ts";

/** Each publish of the site's content, for every part of the server that acts on it. */
export interface Publishes {
  /**
   * Calls `onPublish` with each new version's id, as NOTIFY names it (empty after a broken
   * connection, when one may have been missed); resolves to a function that stops.
   */
  listen(onPublish: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * The publishes announced by NOTIFY site_content from any instance (docs/decisions/0023), heard
 * on one LISTEN however many parts act on them (the pages' render, the publish hook): on
 * PostgreSQL each LISTEN holds a connection of its own.
 */
export function listenForPublishes(db: Database): Publishes {
  const parties = new Set<(payload: string) => void>();
  let listening: Promise<() => Promise<void>> | undefined;
  const announce = (payload: string) => {
    for (const party of parties) party(payload);
  };
  return {
    async listen(onPublish) {
      parties.add(onPublish);
      listening ??= db.listen("site_content", announce);
      try {
        await listening;
      } catch (error) {
        parties.delete(onPublish);
        listening = undefined;
        throw error;
      }
      let stopped = false;
      return async () => {
        if (stopped) return;
        stopped = true;
        parties.delete(onPublish);
        const last = listening;
        if (parties.size > 0 || !last) return;
        listening = undefined;
        await (
          await last
        )();
      };
    },
  };
}
