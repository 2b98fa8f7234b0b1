import { describe, expect, it } from "vitest";
import { ar } from "./content/ar.ts";
import { en } from "./content/en.ts";
import { failureKind, failureKinds } from "./failure.ts";

function authError(code: string, status = 400) {
  return Object.assign(new Error("Server words"), { name: "AuthApiError", code, status });
}

describe("the inbox's own words for a failure", () => {
  it.each([
    [authError("invalid_credentials"), "invalidCredentials"],
    [authError("mfa_verification_failed", 422), "wrongCode"],
    [authError("mfa_challenge_expired", 422), "codeExpired"],
    [authError("same_password", 422), "samePassword"],
    [authError("over_request_rate_limit", 429), "tooManyAttempts"],
    [authError("something_new", 429), "tooManyAttempts"],
    [authError("session_not_found", 403), "sessionEnded"],
    [authError("user_banned", 403), "accountBlocked"],
    [{ code: "PGRST303", message: "JWT expired" }, "sessionEnded"],
    [{ code: "42501", message: "permission denied" }, "notAllowed"],
    [{ code: "57014", message: "canceling statement due to statement timeout" }, "tooSlow"],
    [Object.assign(new Error("Failed to fetch"), { name: "AuthRetryableFetchError" }), "offline"],
    [new TypeError("Failed to fetch"), "offline"],
    [authError("something_new"), "unexpected"],
    ["a string", "unexpected"],
    [null, "unexpected"],
  ])("%o is %s", (error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });

  it("has a sentence for every kind in both languages, and none in Latin letters in Arabic", () => {
    for (const kind of failureKinds) {
      expect(en.failures[kind]).toMatch(/\w/u);
      expect(ar.failures[kind]).toMatch(/\p{Script=Arabic}/u);
      expect(ar.failures[kind]).not.toMatch(/[A-Za-z]/u);
    }
  });
});
