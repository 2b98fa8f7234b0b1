import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function ProgramsRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="programs" />
      <PageIntro title={content.meta.programs.title} lead={content.meta.programs.description} />
    </>
  );
}
