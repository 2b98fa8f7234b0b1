// The words every part of the team's pages says alike (the inbox, the site editor): in modules of
// their own, so that no public page loads them. ar.ts and en.ts both satisfy this shape.
import type { FailureKind } from "../failure.ts";

export interface TeamContent {
  /** A dialog's answer that changes nothing. */
  cancel: string;
  /** Every failure the server can report, in the team's own words (model/failure.ts). */
  failures: Record<FailureKind, string>;
}
