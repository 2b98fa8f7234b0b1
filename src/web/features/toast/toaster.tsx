import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useLanguage } from "../language/use-language.ts";
import { defaultToastDuration, toastStore as pageStore, type ToastStore } from "./toast-store.ts";

const variantClasses = {
  default: "border-gold-400/40 bg-ink-900 text-paper",
  destructive: "border-red-300/60 bg-red-900 text-white",
} as const;

interface ToasterProps {
  store?: ToastStore;
}

/** Shows the store's toast: closes after its duration, on its button, on Escape, or swiped right past 50 px. */
export function Toaster({ store = pageStore }: ToasterProps) {
  const { content, direction } = useLanguage();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <ToastPrimitive.Provider
      duration={defaultToastDuration}
      swipeDirection="right"
      swipeThreshold={50}
      label={content.toasts.region}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type="foreground"
          onOpenChange={(open) => {
            if (!open) store.dismiss(item.id);
          }}
          dir={direction}
          data-variant={item.variant ?? "default"}
          className={`toast pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pe-12 shadow-2xl shadow-black/40 ${variantClasses[item.variant ?? "default"]}`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={content.toasts.close}
            className="absolute end-2 top-2 inline-flex size-9 items-center justify-center rounded-full opacity-80 hover:bg-white/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        dir={direction}
        className="fixed bottom-0 end-0 z-[100] flex w-full max-w-md flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
