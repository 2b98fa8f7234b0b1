import { ArrowRight } from "lucide-react";

/** An arrow pointing back in the reading direction: left in English, right in Arabic. */
export function BackArrow() {
  return <ArrowRight aria-hidden="true" className="size-4 rotate-180 rtl:rotate-0" />;
}
