export function absoluteUrl(path: string): string {
  return `${import.meta.env.VITE_SITE_URL}${path}`;
}
