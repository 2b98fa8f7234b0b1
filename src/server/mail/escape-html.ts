const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for an HTML element's content or a quoted attribute: no markup survives. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => entities[character] ?? character);
}
