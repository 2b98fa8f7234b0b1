import { Quote } from "lucide-react";
import { SitePhoto } from "../../components/ui/site-photo.tsx";
import { useLanguage } from "../../language/use-language.ts";

// The same element at every render: React passes over it when the language changes.
const quoteIcon = <Quote aria-hidden="true" className="size-8 text-gold-500 rtl:-scale-x-100" />;

/**
 * A small circle beside the name at every width: a photo never becomes the page's largest paint,
 * so it costs the first view a few kilobytes and not its LCP.
 */
const portraitSizes = "4rem";

/** The community stories: quote, short name and context, and the speaker's portrait if any. */
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
            <figcaption className="flex items-center gap-4 border-t border-current/10 pt-4">
              {story.image && (
                <span className="size-16 shrink-0">
                  <SitePhoto
                    image={story.image}
                    crop="portrait"
                    sizes={portraitSizes}
                    className="rounded-full"
                  />
                </span>
              )}
              <span>
                <span className="block font-semibold">{story.author}</span>
                <span className="text-ink-700">{story.context}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
