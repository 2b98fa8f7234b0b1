import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ComingSoon } from "../../features/coming-soon/coming-soon.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/asdaa-kalima";

/** The published content Asdaa Kalima's page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { pages } = contentToRender(context);
  return {
    site: {
      pages: { meta: { asdaaKalima: pages.meta.asdaaKalima }, comingSoon: pages.comingSoon },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function AsdaaKalimaRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="asdaaKalima" />
      <ComingSoon text={content.comingSoon.asdaaKalima} />
    </>
  );
}
