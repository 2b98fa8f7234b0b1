import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { useLanguage } from "../../features/language/use-language.ts";

export default function HomeRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="home" />
      <PageIntro title={content.meta.home.title} lead={content.meta.home.description} />
    </>
  );
}
