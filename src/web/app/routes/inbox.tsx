import { AuthProvider } from "../../auth/auth-provider.tsx";
import { InboxFrame } from "../../features/inbox/components/inbox-frame.tsx";
import { InboxPage } from "../../features/inbox/components/inbox-page.tsx";
import { useDescribeFailure } from "../../features/inbox/hooks/use-describe-failure.ts";
import inboxStylesheet from "../../features/inbox/inbox.css?url";

/** The inbox draws its own frame, not the public site's (root.tsx). */
export const handle = { ownFrame: true };

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
    <InboxFrame>
      <AuthProvider describeFailure={describeFailure}>
        <InboxPage />
      </AuthProvider>
    </InboxFrame>
  );
}
