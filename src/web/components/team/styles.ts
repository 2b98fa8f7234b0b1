// The inbox's controls, drawn as the contact form draws its own (paper, ink and gold).

export const fieldClasses =
  "min-h-12 w-full rounded-xl border border-ink-900/25 bg-white px-4 py-3 text-ink-950 shadow-inner shadow-ink-900/5 transition-colors placeholder:text-ink-700/60 hover:border-ink-900/50 focus:border-gold-600 focus:outline-3 focus:outline-offset-0 focus:outline-gold-400/60 aria-invalid:border-red-700";

export const primaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-gold-400 px-7 py-3 font-bold text-ink-950 shadow-lg shadow-gold-700/20 transition hover:bg-gold-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 aria-disabled:cursor-wait aria-disabled:opacity-70";

export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-ink-900/30 bg-paper px-5 py-2 font-semibold text-ink-900 transition-colors hover:border-ink-900/60 hover:bg-ink-900/5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 aria-disabled:cursor-wait aria-disabled:opacity-70";

/** Sign-out and the like: small beside the page's own actions. */
export const quietButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-ink-900/25 px-4 py-1.5 text-sm font-semibold text-ink-900 transition-colors hover:border-ink-900/60 hover:bg-ink-900/5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900";

export const card = "rounded-3xl bg-paper p-5 shadow-xl shadow-ink-950/10 sm:p-8";
