import { Crown, Eye, MessageCircle, Sparkles } from "lucide-react";
import type { ValueText } from "../../content/types.ts";

const icons = {
  awareness: Eye,
  speech: MessageCircle,
  dignity: Crown,
  impact: Sparkles,
} as const satisfies Record<ValueText["icon"], unknown>;

export function ValueIcon({ icon }: { icon: ValueText["icon"] }) {
  const Icon = icons[icon];
  return <Icon aria-hidden="true" strokeWidth={1.6} className="size-7" />;
}
