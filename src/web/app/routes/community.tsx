import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function CommunityRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="community" />
      <PageIntro title={content.meta.community.title} lead={content.meta.community.description} />
    </>
  );
}
