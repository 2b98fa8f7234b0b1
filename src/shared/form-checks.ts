import { normaliseDigits } from "./digits.ts";
import { emailShape, type FormSource } from "./contact-submission.ts";
import { hasVisibleText } from "./visible-text.ts";

// What the contact and registration forms check before anything is stored: the same in the
// browser (with scripts) and on our server (a form posted without them).

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

export const contactErrors = [
  "nameMissing",
  "emailMissing",
  "emailShape",
  "messageMissing",
  "answerMissing",
  "answerWrong",
] as const;
export type ContactError = (typeof contactErrors)[number];

/** The field each error is about. */
export const contactErrorFields: Readonly<Record<ContactError, ContactField>> = {
  nameMissing: "name",
  emailMissing: "email",
  emailShape: "email",
  messageMissing: "message",
  answerMissing: "answer",
  answerWrong: "answer",
};

export type FieldErrors = Partial<Record<ContactField, ContactError>>;

export const emptyContactValues: ContactValues = {
  name: "",
  email: "",
  phone: "",
  message: "",
  answer: "",
};

/**
 * A field's value as the form keeps it: a phone number with Latin digits, as the database
 * stores it (Arabic-Indic digits and the spaces between them are drawn right to left, so the
 * groups of a number typed with them would show in reverse order).
 */
export function asTyped(field: ContactField, value: string): string {
  return field === "phone" ? normaliseDigits(value) : value;
}

/**
 * The questions the database would refuse, asked first so the visitor gets a precise answer,
 * and the verification question, whose wrong answer is the answer field's error.
 */
export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!hasVisibleText(values.name)) errors.name = "nameMissing";
  const email = values.email.trim();
  if (!email) errors.email = "emailMissing";
  else if (!emailShape.test(email)) errors.email = "emailShape";
  if (!hasVisibleText(values.message)) errors.message = "messageMissing";
  if (!values.answer.trim()) errors.answer = "answerMissing";
  else if (!isHumanAnswer(values.answer)) errors.answer = "answerWrong";
  return errors;
}

/** "What is 2 + 3?": the trimmed answer, Arabic-Indic digits read as digits, must be 5. */
export function isHumanAnswer(answer: string): boolean {
  return normaliseDigits(answer.trim()) === "5";
}

/** The pages that carry a form, by their own path, and what their form stores as. */
export const formPages: Readonly<Record<string, FormSource>> = {
  "/contact": "Contact Page",
  "/mutakallim": "Mutakallim Program",
};

/**
 * How a submission ended, as a page posted without scripts shows it: each is prerendered
 * hidden in the form (`data-outcome`), and our server shows the one that happened.
 */
export const formOutcomes = ["sent", "invalid", "tooMany", "failed"] as const;
export type FormOutcome = (typeof formOutcomes)[number];

/** The query a stored submission is redirected to (post/redirect/get), and the notes' anchor. */
export const outcomeParameter = "outcome";
export const outcomeAnchor = "form-outcome";
