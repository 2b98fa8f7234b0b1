/** "/programs/" → "/programs", "https://kalima.example/" → "https://kalima.example"; "/" stays. */
export function withoutTrailingSlashes(text: string): string {
  return text.length > 1 ? text.replace(/\/+$/u, "") : text;
}
