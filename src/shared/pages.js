// Every public page, once: the route table, the navigation, the prerender list, the sitemap,
// and the scripts and browser tests that visit them all. JavaScript rather than TypeScript so
// that plain Node scripts import it as it is; the compiler checks it and infers its types.

export const pages = /** @type {const} */ ([
  { id: "home", path: "/" },
  { id: "about", path: "/about" },
  { id: "programs", path: "/programs" },
  { id: "mutakallim", path: "/mutakallim" },
  { id: "mutaallem", path: "/mutaallem" },
  { id: "asdaaKalima", path: "/asdaa-kalima" },
  { id: "community", path: "/community" },
  { id: "contact", path: "/contact" },
]);

/**
 * The privacy notice: a page of the site (prerendered, in the sitemap), linked from the footer
 * and beside each form's button rather than from the navigation.
 */
export const privacyPage = /** @type {const} */ ({ id: "privacy", path: "/privacy" });

/** The navigation's eight pages and the privacy notice. */
export const sitePages = /** @type {const} */ ([...pages, privacyPage]);

/** Prerendered with the not-found screen; the server sends it, with 404, for unknown paths. */
export const notFoundPath = "/__not-found";

/**
 * The team's inbox: prerendered as a shell (loading, and a word for browsers without scripts),
 * but not a page of the site: not in the navigation, the sitemap or the search engines' view.
 */
export const inboxPath = "/inbox";
