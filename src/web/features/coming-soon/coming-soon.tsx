import { Hourglass } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import type { Titled } from "../../content/types.ts";
import { useLanguage } from "../../language/use-language.ts";

// The same element at every render: React passes over it when the language changes.
const hourglassIcon = <Hourglass aria-hidden="true" className="size-5" />;

/** A program that is announced but not open yet: its mark, name, a sentence and its status. */
export function ComingSoon({ text }: { text: Titled }) {
  const { content } = useLanguage();
  return (
    <PageIntro title={text.title} lead={text.text}>
      {/* A status, not a control: no border, fill or padding that would make it look pressable. */}
      <p className="mt-4 inline-flex items-center gap-2 text-lg font-semibold text-gold-200">
        {hourglassIcon}
        {content.comingSoon.status}
      </p>
    </PageIntro>
  );
}
