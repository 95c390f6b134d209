import helmet from 'helmet';
import type { RequestHandler } from 'express';

export type PaymentProviderName = 'sandbox' | 'stripe';

/**
 * What the web app loads from the payment provider. Stripe's documented CSP: Stripe.js from
 * js.stripe.com, its card iframe (and 3-D Secure) from js.stripe.com / hooks.stripe.com, its API
 * at api.stripe.com. The sandbox runs entirely on this site, so it adds nothing.
 */
const PAYMENT_SOURCES: Record<PaymentProviderName, { script: string[]; frame: string[]; connect: string[] }> = {
  sandbox: { script: [], frame: [], connect: [] },
  stripe: {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
};

/**
 * Security headers for every response. antd styles its components inline, hence 'unsafe-inline'
 * for styles only. The policy follows the payment provider billing uses (PAYMENT_PROVIDER).
 */
export function securityHeaders(paymentProvider: PaymentProviderName = 'sandbox'): RequestHandler {
  const payment = PAYMENT_SOURCES[paymentProvider];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payment.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...payment.connect],
        frameSrc: ["'self'", ...payment.frame],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
