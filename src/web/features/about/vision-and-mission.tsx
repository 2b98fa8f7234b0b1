import { Compass, Target } from "lucide-react";
import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";

// The same element at every render: React passes over it when the language changes.
const compassIcon = (
  <Compass aria-hidden="true" strokeWidth={1.6} className="size-9 text-gold-300" />
);
const targetIcon = <Target aria-hidden="true" strokeWidth={1.6} className="size-9 text-gold-300" />;

export function VisionAndMission() {
  const { content } = useLanguage();
  const cards = [
    { id: "vision", icon: compassIcon, ...content.about.vision },
    { id: "mission", icon: targetIcon, ...content.about.mission },
  ];
  return (
    <Section tone="deep">
      <ul className="grid gap-6 md:grid-cols-2">
        {cards.map(({ id, icon, title, text }) => (
          <li
            key={id}
            className="grid content-start gap-4 rounded-3xl border border-gold-400/20 bg-ink-950/60 p-8"
          >
            {icon}
            <h2 className="font-display text-3xl text-gold-300">{title}</h2>
            <p className="text-lg text-paper/85">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
