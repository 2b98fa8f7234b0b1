import type { TeamContent } from "./types.ts";

export const en: TeamContent = {
  cancel: "Cancel",
  failures: {
    invalidCredentials: "The email or the password is not right.",
    wrongCode: "That code is not right. Enter the code your app shows now.",
    codeExpired: "This attempt expired. Enter the code again.",
    tooManyAttempts: "Too many attempts in a short time. Wait a little, then try again.",
    samePassword: "That is your current password. Choose a different one.",
    weakPassword: "That password is too short or too easy to guess. Choose a longer one.",
    sessionEnded: "Your session has ended. Sign in again.",
    accountBlocked: "This account is suspended. Contact the team's administrator.",
    notConfirmed: "This account is not confirmed yet.",
    linkExpired: "This link has expired or was already used. Ask for a new one.",
    notAllowed: "This account may not do that.",
    tooSlow: "The request took too long. Narrow the search, then try again.",
    offline: "The server could not be reached. Check the connection, then try again.",
    unexpected: "Something unexpected went wrong. Try again in a moment.",
  },
};
