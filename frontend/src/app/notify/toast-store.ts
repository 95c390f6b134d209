// The toast queue behind `notify` (spec, section 4 "Toasts"): at most one toast at a time, a new
// one replaces the previous; toasts can be added, updated and dismissed; a dismissed toast is
// forgotten after the spec's removal delay. Plain TypeScript so it can be tested without a DOM.

export type ToastVariant = 'success' | 'info' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** How long the toast stays up, in milliseconds. */
  durationMs: number;
  /** False once dismissed; the toast leaves the screen and is removed later. */
  open: boolean;
}

export type ToastInput = Pick<Toast, 'title' | 'variant'> &
  Partial<Pick<Toast, 'description' | 'durationMs'>>;

export type ToastPatch = Partial<Pick<Toast, 'title' | 'description' | 'variant' | 'durationMs'>>;

/** Spec, section 4 "Toasts". */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

type Listener = () => void;

export class ToastStore {
  private toasts: readonly Toast[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private nextId = 0;

  /** Shows a toast in place of any other and returns its id. */
  add(input: ToastInput): string {
    this.nextId += 1;
    const id = `toast-${this.nextId}`;
    const toast: Toast = {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant,
      durationMs: input.durationMs ?? TOAST_DURATION_MS,
      open: true,
    };
    const replaced = this.toasts.slice(TOAST_LIMIT - 1);
    this.toasts = [toast, ...this.toasts].slice(0, TOAST_LIMIT);
    for (const old of replaced) this.clearRemovalTimer(old.id);
    this.emit();
    return id;
  }

  /** Changes the text or variant of a toast that is still known; unknown ids are ignored. */
  update(id: string, patch: ToastPatch): void {
    if (!this.toasts.some((toast) => toast.id === id)) return;
    this.toasts = this.toasts.map((toast) => (toast.id === id ? { ...toast, ...patch } : toast));
    this.emit();
  }

  /** Closes one toast, or every toast when no id is given. */
  dismiss(id?: string): void {
    let changed = false;
    this.toasts = this.toasts.map((toast) => {
      if ((id !== undefined && toast.id !== id) || !toast.open) return toast;
      changed = true;
      this.scheduleRemoval(toast.id);
      return { ...toast, open: false };
    });
    if (changed) this.emit();
  }

  /** Forgets one toast, or all of them. */
  remove(id?: string): void {
    const before = this.toasts.length;
    this.toasts = id === undefined ? [] : this.toasts.filter((toast) => toast.id !== id);
    if (id === undefined) {
      for (const timerId of [...this.removalTimers.keys()]) this.clearRemovalTimer(timerId);
    } else {
      this.clearRemovalTimer(id);
    }
    if (this.toasts.length !== before) this.emit();
  }

  getSnapshot = (): readonly Toast[] => this.toasts;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private scheduleRemoval(id: string): void {
    if (this.removalTimers.has(id)) return;
    this.removalTimers.set(
      id,
      setTimeout(() => {
        this.removalTimers.delete(id);
        this.remove(id);
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  private clearRemovalTimer(id: string): void {
    const timer = this.removalTimers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.removalTimers.delete(id);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The one queue the app shows (rendered by <Toaster />). */
export const toastStore = new ToastStore();
