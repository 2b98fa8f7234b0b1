import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { PrivacyNotice } from "../../features/privacy/privacy-notice.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/privacy";

/** The published content the privacy notice shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { pages } = contentToRender(context);
  return { site: { pages: { meta: { privacy: pages.meta.privacy } } } satisfies PageContent };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function PrivacyRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="privacy" />
      <PageIntro title={content.privacy.title} lead={content.privacy.lead} />
      <PrivacyNotice />
    </>
  );
}
