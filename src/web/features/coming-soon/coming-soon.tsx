import { Hourglass } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import type { Titled } from "../../content/types.ts";
import { useLanguage } from "../../language/use-language.ts";

/** A program that is announced but not open yet: its mark, name, a sentence and its status. */
export function ComingSoon({ text }: { text: Titled }) {
  const { content } = useLanguage();
  return (
    <PageIntro title={text.title} lead={text.text}>
      <p className="mt-4 inline-flex items-center gap-3 rounded-full border border-gold-400/40 bg-gold-400/10 px-6 py-3 text-lg font-semibold text-gold-200">
        <Hourglass aria-hidden="true" className="size-5" />
        {content.comingSoon.status}
      </p>
    </PageIntro>
  );
}
