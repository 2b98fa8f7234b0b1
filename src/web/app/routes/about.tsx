import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function AboutRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="about" />
      <PageIntro title={content.meta.about.title} lead={content.meta.about.description} />
    </>
  );
}
