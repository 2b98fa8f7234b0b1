// The one table visitors write to. The database's CHECK constraints are the authority;
// these limits mirror them so the form can explain a problem before anything is sent.
import type { Language } from "./language.ts";

export const formSources = ["Contact Page", "Mutakallim Program"] as const;
export type FormSource = (typeof formSources)[number];

export const contactLimits = {
  name: { min: 1, max: 200 },
  email: { min: 3, max: 320 },
  phone: { max: 40 },
  message: { min: 1, max: 5000 },
} as const;

/** Mirrors the `contact_submissions_email_shape` constraint: something@something.something, no spaces. */
export const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export interface ContactSubmissionInsert {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  form_source: FormSource;
  /** The honeypot: people never see it; the database stores a row that fills it as spam. */
  website: string;
  /** The page's language: the registrant's confirmation is written in it. */
  language: Language;
}

export interface ContactSubmission extends ContactSubmissionInsert {
  id: number;
  created_at: string;
}
