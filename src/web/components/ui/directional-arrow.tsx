import { ArrowRight } from "lucide-react";

// The same element at every render: React passes over it when the language changes.
const arrow = <ArrowRight aria-hidden="true" className="size-5 rtl:rotate-180" />;

/** An arrow pointing forward in the reading direction: right in English, left in Arabic. */
export function DirectionalArrow() {
  return arrow;
}
