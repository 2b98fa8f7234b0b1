/** A name or title of either direction inside a sentence of the other, kept whole (Unicode's isolates). */
export const isolate = (value: string) => `\u2068${value}\u2069`;
