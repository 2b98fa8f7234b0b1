/** How long submissions are kept: private.retention, which `npm run limits` changes. */
export interface Retention {
  /** Days a submission marked as spam is kept. */
  spamDays: number;
  /** Months any submission is kept at most; null keeps it until a member deletes it. */
  keepMonths: number | null;
}

/**
 * What a new database's private.retention holds. The prerendered pages state it beside each form
 * and on the privacy page; a test holds it to the migration's defaults.
 */
export const defaultRetention: Retention = { spamDays: 30, keepMonths: null };
