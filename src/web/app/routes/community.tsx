import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Commitment } from "../../features/community/commitment.tsx";
import { StoriesSection } from "../../features/stories/stories-section.tsx";
import { useLanguage } from "../../language/use-language.ts";

export default function CommunityRoute() {
  const { content } = useLanguage();
  const community = content.community;
  return (
    <>
      <PageMeta page="community" />
      {/* The specification's order: the commitment first, then the page's title and stories. */}
      <Commitment />
      <PageIntro title={community.title} lead={community.lead} />
      <StoriesSection id="ripple-stories" title={community.storiesTitle} />
    </>
  );
}
