import express from 'express';
import request from 'supertest';
import { securityHeaders, securityHeadersExceptAssets, type PaymentProviderName } from './security-headers';

/** The Content-Security-Policy directives of a response, as `{ 'script-src': [...] }`. */
async function policyFor(provider: PaymentProviderName): Promise<Record<string, string[]>> {
  const app = express();
  app.use(securityHeaders(provider));
  app.get('/', (_req, res) => res.send('ok'));
  const header = (await request(app).get('/')).headers['content-security-policy'] ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => Boolean(name))
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('Content-Security-Policy follows the payment provider', () => {
  it('sandbox: everything from this site only', async () => {
    const policy = await policyFor('sandbox');
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(JSON.stringify(policy)).not.toContain('stripe.com');
  });

  it("stripe: allows Stripe.js, its iframes and its API (Stripe's documented CSP), nothing more", async () => {
    const policy = await policyFor('stripe');
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('security headers of the web build files', () => {
  const app = express();
  app.use(securityHeadersExceptAssets());
  app.get(['/', '/assets/app-abc123.js'], (_req, res) => res.send('ok'));

  it('keeps only no-sniffing and the resource policy on hashed assets; pages keep every header', async () => {
    const asset = await request(app).get('/assets/app-abc123.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    const page = await request(app).get('/');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeDefined();
  });
});
