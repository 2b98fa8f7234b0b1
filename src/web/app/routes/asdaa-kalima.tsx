import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ComingSoon } from "../../features/coming-soon/coming-soon.tsx";
import { useLanguage } from "../../language/use-language.ts";

export default function AsdaaKalimaRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="asdaaKalima" />
      <ComingSoon text={content.comingSoon.asdaaKalima} />
    </>
  );
}
