import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function MutaallemRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="mutaallem" />
      <PageIntro title={content.meta.mutaallem.title} lead={content.meta.mutaallem.description} />
    </>
  );
}
