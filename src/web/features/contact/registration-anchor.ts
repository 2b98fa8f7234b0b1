/**
 * The registration form's anchor on /mutakallim, in a module of its own: the contact page links
 * to it without pulling the registration section into its own chunk.
 */
export const registrationSectionId = "register";
