export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
  /** Milliseconds before it closes by itself; 5000 unless given. */
  duration?: number | undefined;
}

export interface Toast extends ToastInput {
  id: number;
  open: boolean;
}

/** One toast at a time: a new one replaces whatever is showing. */
export const toastLimit = 1;
export const defaultToastDuration = 5000;
/** Time a closed toast stays mounted so its exit animation can play. */
const removeDelay = 400;

type Listener = () => void;

export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  const remove = (id: number) => {
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };

  const dismiss = (id: number) => {
    if (!toasts.some((toast) => toast.id === id && toast.open)) return;
    toasts = toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
    emit();
    setTimeout(() => remove(id), removeDelay);
  };

  return {
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    show(input: ToastInput): number {
      const id = nextId++;
      toasts = [{ ...input, id, open: true }, ...toasts].slice(0, toastLimit);
      emit();
      return id;
    },
    dismiss,
    dismissAll() {
      for (const shown of toasts) dismiss(shown.id);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The page's store: anything can raise a toast, the one <Toaster> shows it. */
export const toastStore = createToastStore();

export function toast(input: ToastInput): number {
  return toastStore.show(input);
}

/** Closes whatever toast is showing: what it said belongs to a screen that is gone. */
export function dismissToasts(): void {
  toastStore.dismissAll();
}
