import { X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import { useLanguage } from "../language/use-language.ts";
import {
  defaultToastDuration,
  toastStore as pageStore,
  type Toast,
  type ToastStore,
} from "./toast-store.ts";

/** A swipe to the right past this many pixels dismisses the toast. */
const swipeThreshold = 50;

const variantClasses = {
  default: "border-gold-400/40 bg-ink-900 text-paper",
  destructive: "border-red-300/60 bg-red-900 text-white",
} as const;

interface ToastCardProps {
  toast: Toast;
  closeLabel: string;
  onDismiss: () => void;
}

function ToastCard({ toast, closeLabel, onDismiss }: ToastCardProps) {
  const [paused, setPaused] = useState(false);
  const [swipe, setSwipe] = useState<{ start: number; offset: number } | null>(null);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  // Closes by itself after its duration, but never while the visitor is pointing at or in it.
  useEffect(() => {
    if (!toast.open || paused) return;
    const timer = window.setTimeout(
      () => dismiss.current(),
      toast.duration ?? defaultToastDuration,
    );
    return () => window.clearTimeout(timer);
  }, [toast.open, toast.duration, paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("button")) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setSwipe({ start: event.clientX, offset: 0 });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe) setSwipe({ ...swipe, offset: Math.max(0, event.clientX - swipe.start) });
  };
  const onPointerUp = () => {
    if (swipe && swipe.offset > swipeThreshold) onDismiss();
    setSwipe(null);
  };

  return (
    <div
      data-state={toast.open ? "open" : "closed"}
      data-variant={toast.variant ?? "default"}
      data-swiping={swipe ? "" : undefined}
      style={swipe ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setSwipe(null)}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`toast pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-2xl border p-4 pe-12 shadow-2xl shadow-black/40 select-none ${variantClasses[toast.variant ?? "default"]}`}
    >
      <div className="grid gap-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        aria-label={closeLabel}
        onClick={onDismiss}
        className="absolute end-2 top-2 inline-flex size-9 items-center justify-center rounded-full opacity-80 hover:bg-white/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

interface ToasterProps {
  store?: ToastStore;
}

/**
 * Shows the store's toast: it closes after its duration, on its button, on Escape, or when
 * swiped right past 50 px. Two live regions stay in the page so every toast is announced
 * once: politely, or at once for a failure.
 */
export function Toaster({ store = pageStore }: ToasterProps) {
  const { content, direction } = useLanguage();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    const open = toasts.find((toast) => toast.open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") store.dismiss(open.id);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toasts, store]);

  const region = (politeness: "polite" | "assertive") => (
    <div aria-live={politeness} aria-atomic="true" className="grid gap-2">
      {toasts
        .filter((toast) => (toast.variant === "destructive") === (politeness === "assertive"))
        .map((toast) => (
          <ToastCard
            key={toast.id}
            toast={toast}
            closeLabel={content.toasts.close}
            onDismiss={() => store.dismiss(toast.id)}
          />
        ))}
    </div>
  );

  return (
    <section
      aria-label={content.toasts.region}
      dir={direction}
      className="pointer-events-none fixed bottom-0 end-0 z-[100] grid w-full max-w-md gap-2 p-4"
    >
      {region("polite")}
      {region("assertive")}
    </section>
  );
}
