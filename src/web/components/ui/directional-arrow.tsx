import { ArrowRight } from "lucide-react";

/** An arrow pointing forward in the reading direction: right in English, left in Arabic. */
export function DirectionalArrow() {
  return <ArrowRight aria-hidden="true" className="size-5 rtl:rotate-180" />;
}
