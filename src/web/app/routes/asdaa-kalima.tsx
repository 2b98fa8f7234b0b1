import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function AsdaaKalimaRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="asdaaKalima" />
      <PageIntro
        title={content.meta.asdaaKalima.title}
        lead={content.meta.asdaaKalima.description}
      />
    </>
  );
}
