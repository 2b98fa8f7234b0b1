import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Commitment } from "../../features/community/commitment.tsx";
import { StoriesSection } from "../../features/stories/stories-section.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/community";

/** The published content the community page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { stories, pages } = contentToRender(context);
  return {
    site: {
      stories,
      pages: {
        meta: { community: pages.meta.community },
        leads: { community: pages.leads.community },
      },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function CommunityRoute() {
  const { content } = useLanguage();
  const community = content.community;
  return (
    <>
      <PageMeta page="community" />
      {/* The page's own heading first, as on every page; then what the community commits to,
          and its stories. */}
      <PageIntro title={community.title} lead={community.lead} />
      <Commitment />
      <StoriesSection id="ripple-stories" title={community.storiesTitle} />
    </>
  );
}
