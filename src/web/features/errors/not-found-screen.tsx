import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { useLanguage } from "../../language/use-language.ts";

/** 404, what happened, and the way home. */
export function NotFoundScreen() {
  const { content } = useLanguage();
  const text = content.notFound;
  return (
    <section className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 py-24 text-center sm:px-6">
      <PageMeta page="notFound" indexable={false} />
      <p
        aria-hidden="true"
        className="font-display text-8xl leading-none text-gold-400 sm:text-9xl"
      >
        {text.code}
      </p>
      <h1 className="font-display text-4xl text-paper sm:text-5xl">{text.title}</h1>
      <p className="text-lg text-paper/80">{text.text}</p>
      <ButtonLink to="/">{text.back}</ButtonLink>
    </section>
  );
}
