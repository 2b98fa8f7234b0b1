// The query parameter that opens a public page as the site editor's preview: the editor frames
// pages with it, the server then ignores the visitor's remembered language, the page's loader
// wakes its app at once, and the app shows the drafts. JavaScript so that the build's plain Node
// scripts import it as it is.

export const previewParameter = "preview";
