// Stripe.js, loaded from Stripe by script tag at run time and only when billing says Stripe takes
// the payments (a publishable key is configured). There is no Stripe npm package in the web app;
// the few calls used are typed here.

export interface StripeConfirmResult {
  error?: { message?: string; type?: string };
}

export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
  submit(): Promise<StripeConfirmResult>;
}

export interface StripeJs {
  elements(options: { clientSecret: string; appearance?: { theme?: 'stripe' | 'flat'; variables?: Record<string, string> } }): StripeElements;
  confirmSetup(options: { elements: StripeElements; redirect: 'if_required'; confirmParams: { return_url: string } }): Promise<StripeConfirmResult>;
  confirmPayment(options: { elements: StripeElements; redirect: 'if_required'; confirmParams: { return_url: string } }): Promise<StripeConfirmResult>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3';
const instances = new Map<string, Promise<StripeJs>>();

function loadScript(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe could not be loaded. Please check your connection and try again.'));
    document.head.appendChild(script);
  });
}

/** Stripe.js for a publishable key, loading the script once. */
export function loadStripe(publishableKey: string): Promise<StripeJs> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadScript().then(() => {
      if (!window.Stripe) throw new Error('Stripe could not be loaded. Please try again.');
      return window.Stripe(publishableKey);
    });
    // A failed load may be retried later.
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}
