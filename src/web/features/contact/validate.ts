// The form's checks are shared with our server, which runs them on a form posted without scripts.
export {
  asTyped,
  contactFields,
  emptyContactValues,
  isHumanAnswer,
  validateContact,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from "../../../shared/form-checks.ts";
