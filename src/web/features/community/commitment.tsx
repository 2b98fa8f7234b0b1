import { HeartHandshake } from "lucide-react";
import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";

// The same element at every render: React passes over it when the language changes.
const heartIcon = (
  <HeartHandshake aria-hidden="true" strokeWidth={1.6} className="size-10 text-gold-300" />
);

/** What the community commits to, set apart. */
export function Commitment() {
  const { content } = useLanguage();
  const commitment = content.community.commitment;
  return (
    <Section tone="deep" labelledBy="commitment" width="narrow">
      <div className="grid justify-items-center gap-5 rounded-3xl border border-gold-400/25 bg-ink-950/60 p-8 text-center sm:p-12">
        {heartIcon}
        <h2 id="commitment" className="font-display text-3xl text-gold-300 sm:text-4xl">
          {commitment.title}
        </h2>
        <p className="text-lg text-paper/85">{commitment.text}</p>
      </div>
    </Section>
  );
}
