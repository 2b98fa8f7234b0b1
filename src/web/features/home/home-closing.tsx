import { ButtonLink } from "../../components/ui/button-link.tsx";
import { DirectionalArrow } from "../../components/ui/directional-arrow.tsx";
import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";

/** The home page's last word: an invitation to write to the team. */
export function HomeClosing() {
  const { content } = useLanguage();
  const closing = content.home.closing;
  return (
    <Section labelledBy="closing" width="narrow">
      <div className="grid justify-items-center gap-6 rounded-[2rem] border border-gold-400/25 bg-gradient-to-b from-ink-800/80 to-ink-900 px-6 py-14 text-center sm:px-12">
        <h2 id="closing" className="font-display text-3xl text-gold-300 sm:text-5xl">
          {closing.title}
        </h2>
        <p className="max-w-xl text-lg text-paper/85">{closing.text}</p>
        <ButtonLink to="/contact">
          {closing.cta}
          <DirectionalArrow />
        </ButtonLink>
      </div>
    </Section>
  );
}
