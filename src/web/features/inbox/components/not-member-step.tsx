import { useAuth } from "../../../auth/use-auth.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useSignOut } from "../hooks/use-sign-out.ts";
import { AuthCard } from "./auth-card.tsx";
import { primaryButton } from "../../../components/team/styles.ts";

/** A signed-in account that is not on the team: told so, with nothing of the inbox behind it. */
export function NotMemberStep({ focus }: { focus: boolean }) {
  const { text } = useInboxContent();
  const { user } = useAuth();
  const signOut = useSignOut();
  return (
    <AuthCard title={text.notMember.title} lead={text.notMember.lead} focus={focus}>
      <p className="text-ink-800">
        {text.session.account} <bdi className="font-semibold text-ink-900">{user?.email}</bdi>
      </p>
      <button
        type="button"
        onClick={() => void signOut("local")}
        className={`${primaryButton} justify-self-start`}
      >
        {text.notMember.signOut}
      </button>
    </AuthCard>
  );
}
