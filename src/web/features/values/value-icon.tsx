import { Crown, Eye, MessageCircle, Sparkles } from "lucide-react";
import type { ValueText } from "../../content/types.ts";

// The same element at every render: React passes over it when the language changes.
const icons = {
  awareness: <Eye aria-hidden="true" strokeWidth={1.6} className="size-7" />,
  speech: <MessageCircle aria-hidden="true" strokeWidth={1.6} className="size-7" />,
  dignity: <Crown aria-hidden="true" strokeWidth={1.6} className="size-7" />,
  impact: <Sparkles aria-hidden="true" strokeWidth={1.6} className="size-7" />,
} as const satisfies Record<ValueText["icon"], unknown>;

export function ValueIcon({ icon }: { icon: ValueText["icon"] }) {
  return icons[icon];
}
