import { Quote } from "lucide-react";
import { useLanguage } from "../../language/use-language.ts";

// The same element at every render: React passes over it when the language changes.
const quoteIcon = <Quote aria-hidden="true" className="size-8 text-gold-500 rtl:-scale-x-100" />;

/** The three community stories: quote, short name and context. */
export function StoryCards() {
  const { content } = useLanguage();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {/* Keyed by position: a change of language updates each card in place. */}
      {content.stories.map((story, index) => (
        <li key={index}>
          <figure className="flex h-full flex-col gap-5 rounded-3xl p-7 bg-paper text-ink-950 shadow-xl shadow-ink-950/10">
            {quoteIcon}
            <blockquote className="flex-1 text-lg">
              <p>{story.quote}</p>
            </blockquote>
            <figcaption className="border-t border-current/10 pt-4">
              <span className="block font-semibold">{story.author}</span>
              <span className="text-ink-700">{story.context}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
