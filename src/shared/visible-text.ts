// Mirrors internal.has_visible_text (supabase/migrations): white space, zero-width characters and
// direction marks do not make a name or a message.
const invisible =
  /[\s\u0085\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/gu;

export function hasVisibleText(value: string): boolean {
  return value.replace(invisible, "") !== "";
}
