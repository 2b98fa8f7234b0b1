import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ComingSoon } from "../../features/coming-soon/coming-soon.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/mutaallem";

/** The published content Mutaallem's page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { pages } = contentToRender(context);
  return {
    site: {
      pages: { meta: { mutaallem: pages.meta.mutaallem }, comingSoon: pages.comingSoon },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function MutaallemRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="mutaallem" />
      <ComingSoon text={content.comingSoon.mutaallem} />
    </>
  );
}
