import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";

export function HomeIdentity() {
  const { content } = useLanguage();
  const identity = content.home.identity;
  return (
    <Section tone="deep" labelledBy="identity" width="narrow" className="text-center">
      <h2 id="identity" className="mb-4 font-display text-3xl text-gold-300 sm:text-5xl">
        {identity.title}
      </h2>
      <span aria-hidden="true" className="mx-auto mb-6 block h-0.5 w-16 rounded-full bg-gold-400" />
      <p className="text-lg text-paper/85 sm:text-xl">{identity.text}</p>
    </Section>
  );
}
