interface SectionHeadingProps {
  id: string;
  title: string;
  lead?: string | undefined;
  tone?: "light" | "dark";
}

/** A section's h2 and lead, centred, in the display face. */
export function SectionHeading({ id, title, lead, tone = "light" }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-12 grid max-w-2xl justify-items-center gap-4 text-center">
      <h2
        id={id}
        className={`font-display text-3xl sm:text-5xl ${tone === "light" ? "text-gold-300" : "text-ink-900"}`}
      >
        {title}
      </h2>
      <span aria-hidden="true" className="h-0.5 w-16 rounded-full bg-gold-400" />
      {lead && (
        <p className={`text-lg ${tone === "light" ? "text-paper/80" : "text-ink-700"}`}>{lead}</p>
      )}
    </div>
  );
}
