import { describe, expect, it } from "vitest";
import { inboxStep, type AssuranceLevel } from "./step.ts";

const level = (
  currentLevel: string,
  nextLevel: string,
  methods: AssuranceLevel["currentAuthenticationMethods"],
): AssuranceLevel => ({ currentLevel, nextLevel, currentAuthenticationMethods: methods });

const otp = [{ method: "otp" }];
const password = [{ method: "password" }];

describe("the inbox's step", () => {
  it.each([
    ["reading the session", { loading: true, level: undefined }, "loading"],
    ["no session", { loading: false, level: undefined }, "sign-in"],
    [
      "an account not on the team, by password",
      { loading: false, member: false, level: level("aal1", "aal1", password) },
      "not-member",
    ],
    [
      "an account not on the team, with two factors",
      {
        loading: false,
        member: false,
        level: level("aal2", "aal2", [...password, { method: "totp" }]),
      },
      "not-member",
    ],
    [
      "aal2",
      { loading: false, level: level("aal2", "aal2", [...password, { method: "totp" }]) },
      "inbox",
    ],
    [
      "aal1 with a verified factor",
      { loading: false, level: level("aal1", "aal2", password) },
      "code",
    ],
    [
      "aal1 from the invitation's link",
      { loading: false, level: level("aal1", "aal1", otp) },
      "password",
    ],
    [
      "aal1 from the link, as plain names",
      { loading: false, level: level("aal1", "aal1", ["otp"]) },
      "password",
    ],
    [
      "aal1 by password, factors reset",
      { loading: false, level: level("aal1", "aal1", password) },
      "enrol",
    ],
    [
      "aal1 from the link with a factor",
      { loading: false, level: level("aal1", "aal2", otp) },
      "code",
    ],
  ] as const)("%s", (_case, input, step) => {
    expect(inboxStep({ ...input, passwordChosen: false })).toBe(step);
  });

  it("asks a member back from a password reset for a new password after the code", () => {
    const afterCode = level("aal2", "aal2", [{ method: "totp" }, ...otp]);
    expect(inboxStep({ loading: false, level: afterCode, passwordChosen: false })).toBe("inbox");
    expect(
      inboxStep({ loading: false, level: afterCode, passwordChosen: false, recovering: true }),
    ).toBe("password");
    expect(
      inboxStep({ loading: false, level: afterCode, passwordChosen: true, recovering: true }),
    ).toBe("inbox");
    expect(
      inboxStep({
        loading: false,
        level: level("aal1", "aal2", otp),
        passwordChosen: false,
        recovering: true,
      }),
    ).toBe("code");
  });

  it("enrols once the password from the link is chosen", () => {
    expect(
      inboxStep({ loading: false, level: level("aal1", "aal1", otp), passwordChosen: true }),
    ).toBe("enrol");
  });
});
