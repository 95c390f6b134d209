// Whether the browser offers to install Wildframe as an app. Chromium fires `beforeinstallprompt`
// once the manifest and service worker qualify, possibly before React renders, so the event is
// caught as soon as this module loads and kept until the visitor answers.

/** Chromium's event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let deferredPrompt: BeforeInstallPromptEvent | null = null;
let installed = false;

function emit(): void {
  for (const listener of listeners) listener();
}

function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

if (typeof window !== 'undefined') {
  installed = isStandalone();
  // public/early.js keeps an offer that came before this module loaded (a prerendered page
  // fetches the app only after its first paint).
  const early = (window as Window & { __wildframeInstallPrompt?: BeforeInstallPromptEvent }).__wildframeInstallPrompt;
  if (early) deferredPrompt = early;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away; our banner asks instead.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferredPrompt = null;
    emit();
  });
}

export interface InstallAvailability {
  /** The browser offers installation and the app is not installed. */
  canInstall: boolean;
}

let snapshot: InstallAvailability = { canInstall: false };

function current(): InstallAvailability {
  const canInstall = deferredPrompt !== null && !installed;
  if (snapshot.canInstall !== canInstall) snapshot = { canInstall };
  return snapshot;
}

/** Prerendered HTML (app/prerender) shows no prompt; the browser adds it after hydration. */
const UNAVAILABLE: InstallAvailability = { canInstall: false };

export const installAvailability = {
  getSnapshot: current,
  getServerSnapshot: (): InstallAvailability => UNAVAILABLE,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the browser's install dialog; the offer is used up either way. */
  async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const prompt = deferredPrompt;
    if (!prompt) return 'unavailable';
    deferredPrompt = null;
    emit();
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'accepted') installed = true;
    emit();
    return outcome;
  },
};
