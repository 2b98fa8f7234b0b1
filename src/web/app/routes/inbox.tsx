import { InboxPage } from "../../features/inbox/components/inbox-page.tsx";
import inboxStylesheet from "../../features/inbox/inbox.css?url";

export function links() {
  return [{ rel: "stylesheet", href: inboxStylesheet }];
}

/** The team's inbox: not a public page (no navigation, no sitemap, noindex). */
export default function InboxRoute() {
  return <InboxPage />;
}
