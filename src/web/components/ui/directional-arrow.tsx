import { ArrowRight } from "lucide-react";

/** An arrow pointing forward in the reading direction: right in English, left in Arabic. */
export function DirectionalArrow({ className = "size-5" }: { className?: string }) {
  return <ArrowRight aria-hidden="true" className={`${className} rtl:rotate-180`} />;
}
