import { AuthProvider } from "../../auth/auth-provider.tsx";
import { InboxPage } from "../../features/inbox/components/inbox-page.tsx";
import { useDescribeFailure } from "../../features/inbox/hooks/use-describe-failure.ts";
import inboxStylesheet from "../../features/inbox/inbox.css?url";

export function links() {
  return [{ rel: "stylesheet", href: inboxStylesheet }];
}

/**
 * The team's inbox: not a public page (no navigation, no sitemap, noindex). The session lives
 * here only: no public page carries it, or re-renders when it settles.
 */
export default function InboxRoute() {
  const describeFailure = useDescribeFailure();
  return (
    <AuthProvider describeFailure={describeFailure}>
      <InboxPage />
    </AuthProvider>
  );
}
