import { lazy } from "react";
import { AuthProvider } from "../../auth/auth-provider.tsx";
import { SiteEditorSlot, type SiteEditorProps } from "../../components/team/site-editor-slot.ts";
import { InboxFrame } from "../../features/inbox/components/inbox-frame.tsx";
import { InboxPage } from "../../features/inbox/components/inbox-page.tsx";
import { useDescribeFailure } from "../../components/team/use-describe-failure.ts";
import inboxStylesheet from "../../features/inbox/inbox.css?url";

// The editor is for the few who edit the site, loaded when its view is opened.
const SiteEditor = lazy(() =>
  import("../../features/site-editor/components/site-editor.tsx").then(({ SiteEditor }) => ({
    default: SiteEditor,
  })),
);
const siteEditor = (props: SiteEditorProps) => <SiteEditor {...props} />;

/** The inbox draws its own frame, not the public site's (root.tsx). */
export const handle = { ownFrame: true };

export function links() {
  return [{ rel: "stylesheet", href: inboxStylesheet }];
}

/**
 * The team's inbox, and the site editor in its site view: not a public page (no navigation, no sitemap, noindex). The session lives
 * here only: no public page carries it, or re-renders when it settles.
 */
export default function InboxRoute() {
  const describeFailure = useDescribeFailure();
  return (
    <InboxFrame>
      <AuthProvider describeFailure={describeFailure}>
        <SiteEditorSlot value={siteEditor}>
          <InboxPage />
        </SiteEditorSlot>
      </AuthProvider>
    </InboxFrame>
  );
}
