import { ButtonLink } from "../../components/ui/button-link.tsx";
import { DirectionalArrow } from "../../components/ui/directional-arrow.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { FloatingPhrases } from "./floating-phrases.tsx";

export function HomeHero() {
  const { content } = useLanguage();
  const hero = content.home.hero;
  return (
    <section className="relative isolate grid min-h-[34rem] grid-rows-[auto_1fr_auto] overflow-hidden bg-ink-950 sm:min-h-[40rem]">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(230,189,102,0.12),transparent_55%),radial-gradient(ellipse_at_bottom,rgba(26,42,77,0.9),transparent_70%)]"
      />
      <FloatingPhrases band="above" />
      <div className="relative mx-auto grid max-w-4xl content-center justify-items-center gap-7 px-4 text-center before:absolute before:inset-x-[-10%] before:inset-y-[-10%] before:-z-10 before:bg-[radial-gradient(closest-side,rgba(11,19,38,0.92),rgba(11,19,38,0.6)_60%,transparent)] sm:px-6">
        <p className="rounded-full border border-gold-400/30 bg-ink-950/70 px-4 py-1 text-sm text-gold-300">
          {hero.eyebrow}
        </p>
        <h1 className="font-display text-5xl text-balance text-gold-300 drop-shadow-[0_2px_24px_rgba(11,19,38,0.9)] sm:text-7xl">
          <q className="quotes-none">{hero.quote}</q>
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-paper/90 sm:text-xl">{hero.lead}</p>
        <ButtonLink to="/contact" className="text-lg">
          {hero.cta}
          <DirectionalArrow />
        </ButtonLink>
      </div>
      <FloatingPhrases band="below" />
    </section>
  );
}
