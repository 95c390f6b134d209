import helmet from 'helmet';
import type { Request, RequestHandler, Response } from 'express';

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

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * Security headers for every response, as helmet writes them. antd styles its components inline,
 * hence 'unsafe-inline' for styles only. The policy follows the payment provider billing uses
 * (PAYMENT_PROVIDER). They depend on nothing in the request, so helmet runs once and every
 * response (a proxied one too) gets the same list.
 */
export function securityHeaderList(paymentProvider: PaymentProviderName = 'sandbox'): HeaderList {
  const payment = PAYMENT_SOURCES[paymentProvider];
  const writeHeaders = helmet({
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
  const headers: Array<[string, string]> = [];
  const recorder = { setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  let done = false;
  writeHeaders({} as Request, recorder as unknown as Response, () => (done = true));
  if (!done) throw new Error('helmet did not finish writing the security headers at once');
  return headers;
}

/** Express middleware: the security headers on every response. */
export function securityHeaders(paymentProvider: PaymentProviderName = 'sandbox'): RequestHandler {
  const headers = securityHeaderList(paymentProvider);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The security headers, except on the web build's hashed files (/assets/*): a script, stylesheet
 * or image ignores a Content-Security-Policy, frame or opener policy of its own (they govern the
 * document, which has them), and the first view loads some thirty of these files, each of which
 * carried another 600 bytes of such headers. They keep what applies to them: no MIME sniffing and
 * no use by other sites.
 */
export function securityHeadersExceptAssets(paymentProvider: PaymentProviderName = 'sandbox'): RequestHandler {
  const full = securityHeaders(paymentProvider);
  return (req, res, next) => {
    if (!req.path.startsWith('/assets/')) return full(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    next();
  };
}
