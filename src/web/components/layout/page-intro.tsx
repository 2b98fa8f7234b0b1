import type { ReactNode } from "react";

interface PageIntroProps {
  title: string;
  lead?: string | undefined;
  children?: ReactNode;
}

/** The top of an inner page: its one h1, a lead paragraph, and room for a status or actions. */
export function PageIntro({ title, lead, children }: PageIntroProps) {
  return (
    <section className="relative overflow-hidden border-b border-gold-400/10 bg-gradient-to-b from-ink-900 to-ink-950">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-20">
        <h1 className="font-display text-4xl text-balance text-gold-300 sm:text-6xl">{title}</h1>
        {lead && <p className="max-w-2xl text-lg text-pretty text-paper/85 sm:text-xl">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
