import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { PrivacyNotice } from "../../features/privacy/privacy-notice.tsx";
import { useLanguage } from "../../language/use-language.ts";

export default function PrivacyRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="privacy" />
      <PageIntro title={content.privacy.title} lead={content.privacy.lead} />
      <PrivacyNotice />
    </>
  );
}
