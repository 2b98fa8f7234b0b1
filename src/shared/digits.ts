// JavaScript's \d and Number() do not read Arabic-Indic (٠–٩) or Persian (۰–۹) digits, which
// Arabic keyboards type. Everything that compares digits a person typed normalises them first.
const easternDigits = /[\u0660-\u0669\u06F0-\u06F9]/gu;

export function normaliseDigits(text: string): string {
  return text.replace(easternDigits, (digit) => String(digit.charCodeAt(0) & 0xf));
}
