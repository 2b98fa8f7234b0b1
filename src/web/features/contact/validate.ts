import { normaliseDigits } from "../../../shared/digits.ts";
import { emailShape } from "../../../shared/contact-submission.ts";
import { hasVisibleText } from "../../../shared/visible-text.ts";
import type { FormText } from "../../content/types.ts";

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  answer: string;
}

export type ContactField = keyof ContactValues;

/** The fields in the order the form shows them, and its error summary lists them. */
export const contactFields: readonly ContactField[] = [
  "name",
  "email",
  "phone",
  "message",
  "answer",
];
export type FieldErrors = Partial<Record<ContactField, keyof FormText["errors"]>>;

export const emptyContactValues: ContactValues = {
  name: "",
  email: "",
  phone: "",
  message: "",
  answer: "",
};

/** The questions the database would refuse, asked first so the visitor gets a precise answer. */
export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!hasVisibleText(values.name)) errors.name = "nameMissing";
  const email = values.email.trim();
  if (!email) errors.email = "emailMissing";
  else if (!emailShape.test(email)) errors.email = "emailShape";
  if (!hasVisibleText(values.message)) errors.message = "messageMissing";
  if (!values.answer.trim()) errors.answer = "answerMissing";
  return errors;
}

/** "What is 2 + 3?": the trimmed answer, Arabic-Indic digits read as digits, must be 5. */
export function isHumanAnswer(answer: string): boolean {
  return normaliseDigits(answer.trim()) === "5";
}
