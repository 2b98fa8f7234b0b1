import { describe, expect, it } from "vitest";
import {
  linkSignInAt,
  passwordChosenForLink,
  passwordForLinkKey,
  startEnrolment,
} from "./invitation.ts";
import type { AssuranceLevel } from "./step.ts";

const fromLink = (timestamp: number): AssuranceLevel => ({
  currentLevel: "aal1",
  nextLevel: "aal1",
  currentAuthenticationMethods: [{ method: "otp", timestamp } as { method: string }],
});

describe("a password chosen under the invitation's link", () => {
  it("reads the link's sign-in time from the amr", () => {
    expect(linkSignInAt(fromLink(1_700_000_000))).toBe(1_700_000_000);
    expect(
      linkSignInAt({
        currentLevel: "aal1",
        nextLevel: "aal1",
        currentAuthenticationMethods: ["otp"],
      }),
    ).toBeUndefined();
    expect(linkSignInAt(undefined)).toBeUndefined();
  });

  it("counts only for the link it was chosen under", () => {
    const metadata = { [passwordForLinkKey]: 1_700_000_000 };
    expect(passwordChosenForLink(metadata, fromLink(1_700_000_000))).toBe(true);
    // A later reset's link asks for a new password again.
    expect(passwordChosenForLink(metadata, fromLink(1_700_009_999))).toBe(false);
    expect(passwordChosenForLink({}, fromLink(1_700_000_000))).toBe(false);
    expect(passwordChosenForLink(undefined, fromLink(1_700_000_000))).toBe(false);
  });
});

describe("where enrolment starts again", () => {
  it("resumes the factor shown before while it waits", () => {
    expect(startEnrolment(["a", "b"], "b")).toEqual({ kind: "resume", factorId: "b" });
  });

  it("shows a new one, and says to scan again, once the one shown is gone", () => {
    expect(startEnrolment(["a"], "gone")).toEqual({ kind: "new", stale: ["a"], rescan: true });
  });

  it("shows a first one plainly", () => {
    expect(startEnrolment([], undefined)).toEqual({ kind: "new", stale: [], rescan: false });
  });
});
