import { isRouteErrorResponse } from "react-router";
import { errorMessage } from "../../../shared/error-message.ts";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useLanguage } from "../../language/use-language.ts";

/** "Unexpected Application Error", then the status or the message, in the current language. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { content, language } = useLanguage();
  const detail = isRouteErrorResponse(error)
    ? content.routeError.statusText(formatNumber(language, error.status))
    : errorMessage(error);
  return (
    <section className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 py-24 text-center sm:px-6">
      <PageMeta page="error" indexable={false} />
      <h1 className="font-display text-4xl text-gold-300 sm:text-5xl">
        {content.routeError.title}
      </h1>
      <p
        className="max-w-xl rounded-2xl border border-white/10 bg-white/5 px-6 py-4 text-lg text-paper/85"
        dir="auto"
      >
        {detail}
      </p>
      <ButtonLink to="/">{content.routeError.back}</ButtonLink>
    </section>
  );
}
