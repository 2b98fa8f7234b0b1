import { AuthProvider } from "../../auth/auth-provider.tsx";
import { InboxPage } from "../../features/inbox/components/inbox-page.tsx";
import inboxStylesheet from "../../features/inbox/inbox.css?url";

export function links() {
  return [{ rel: "stylesheet", href: inboxStylesheet }];
}

/**
 * The team's inbox: not a public page (no navigation, no sitemap, noindex). The session lives
 * here only: no public page carries it, or re-renders when it settles.
 */
export default function InboxRoute() {
  return (
    <AuthProvider>
      <InboxPage />
    </AuthProvider>
  );
}
