/** The element the browser hydrates: the app owns everything inside it, and nothing outside. */
export const appRootId = "root";
