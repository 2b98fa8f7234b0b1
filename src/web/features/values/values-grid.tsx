import { useLanguage } from "../../language/use-language.ts";
import { ValueIcon } from "./value-icon.tsx";

/** The four values, each with its icon. */
export function ValuesGrid() {
  const { content } = useLanguage();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {content.values.map((value) => (
        <li
          key={value.icon}
          className="grid content-start gap-4 rounded-3xl border border-gold-400/15 bg-white/[0.03] p-7"
        >
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/25">
            <ValueIcon icon={value.icon} />
          </span>
          <h3 className="text-xl font-semibold text-paper">{value.title}</h3>
          <p className="text-paper/75">{value.text}</p>
        </li>
      ))}
    </ul>
  );
}
