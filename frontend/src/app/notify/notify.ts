// The one way any screen shows a toast. Texts come from NOTICES (./notices.ts), so the spec's
// wording lives in one place:
//
//   import { notify, NOTICES } from '../../app/notify';
//   notify.success(NOTICES.profileUpdated);
//   notify.error(NOTICES.updateFailed, NOTICES.genericTryAgain);
//
// <Toaster /> (mounted once in app.tsx) renders the toast: one at a time, 5 s, dismissible,
// swipe right to dismiss, F8 focuses the notifications region.
import { toastStore, type ToastPatch, type ToastVariant } from './toast-store';

export interface NotifyOptions {
  /** Overrides the spec's 5000 ms. */
  durationMs?: number;
}

/** What a call to notify returns: lets the caller change or close that toast later. */
export interface ToastHandle {
  id: string;
  update: (patch: ToastPatch) => void;
  dismiss: () => void;
}

function show(
  variant: ToastVariant,
  title: string,
  description?: string,
  options: NotifyOptions = {},
): ToastHandle {
  const id = toastStore.add({ variant, title, description, durationMs: options.durationMs });
  return {
    id,
    update: (patch) => toastStore.update(id, patch),
    dismiss: () => toastStore.dismiss(id),
  };
}

export const notify = {
  /** A confirmation, e.g. notify.success(NOTICES.preferencesSaved). */
  success: (title: string, description?: string, options?: NotifyOptions) =>
    show('success', title, description, options),
  /** A failure the user should act on (the spec's "destructive" toast). */
  error: (title: string, description?: string, options?: NotifyOptions) =>
    show('destructive', title, description, options),
  /** Neutral information, e.g. notify.info(NOTICES.securityQuestionsFound). */
  info: (title: string, description?: string, options?: NotifyOptions) =>
    show('info', title, description, options),
  update: (id: string, patch: ToastPatch) => toastStore.update(id, patch),
  /** Closes the given toast, or whichever is showing. */
  dismiss: (id?: string) => toastStore.dismiss(id),
} as const;
