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
      {/* The page's own heading first, as on every page; then what the community commits to,
          and its stories. */}
      <PageIntro title={community.title} lead={community.lead} />
      <Commitment />
      <StoriesSection id="ripple-stories" title={community.storiesTitle} />
    </>
  );
}
