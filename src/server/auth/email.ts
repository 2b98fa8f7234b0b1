import { authError } from "./errors.ts";

// The shape checkmail.ValidateFormat accepts, which is what GoTrue checks before lower-casing.
const emailShape =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/u;

/** GoTrue's validateEmail: required, at most 255 characters, a plausible address, lower-cased. */
export function validateEmail(email: string | undefined): string {
  if (!email) throw authError.validation("An email address is required");
  if (email.length > 255) throw authError.validation("An email address is too long");
  if (!emailShape.test(email)) {
    throw authError.validation("Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}
