import { Compass, Target } from "lucide-react";
import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";

export function VisionAndMission() {
  const { content } = useLanguage();
  const cards = [
    { id: "vision", icon: Compass, ...content.about.vision },
    { id: "mission", icon: Target, ...content.about.mission },
  ];
  return (
    <Section tone="deep">
      <ul className="grid gap-6 md:grid-cols-2">
        {cards.map(({ id, icon: Icon, title, text }) => (
          <li
            key={id}
            className="grid content-start gap-4 rounded-3xl border border-gold-400/20 bg-ink-950/60 p-8"
          >
            <Icon aria-hidden="true" strokeWidth={1.6} className="size-9 text-gold-300" />
            <h2 className="font-display text-3xl text-gold-300">{title}</h2>
            <p className="text-lg text-paper/85">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
