import type { ReactNode } from "react";
import { StepHeading } from "./step-heading.tsx";
import { card } from "../../../components/team/styles.ts";

interface AuthCardProps {
  title: string;
  lead: string;
  focus: boolean;
  /** The lead's id, for a field that takes focus in the heading's place to be read with it. */
  leadId?: string;
  children: ReactNode;
}

/** One step of the way in: its heading, what to do, and the form that does it. */
export function AuthCard({ title, lead, focus, leadId, children }: AuthCardProps) {
  return (
    <section className={`mx-auto grid w-full max-w-xl gap-6 ${card}`}>
      <div className="grid gap-3">
        <StepHeading focus={focus}>{title}</StepHeading>
        <p id={leadId} className="text-ink-800">
          {lead}
        </p>
      </div>
      {children}
    </section>
  );
}
