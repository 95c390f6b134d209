import { envField, eventBusEnv, identityEnv, listenEnv, loggingEnv, requireDriverSettings, trustProxyEnv } from '@wildframe/platform';
import { z } from 'zod';

const upstream = () => envField.url(['http', 'https']).optional();
const email = () => z.email({ message: 'must be an e-mail address' });

/**
 * The gateway's environment. Upstream URLs are set only in the distributed shape; in the
 * standalone shape every service runs in the same process and no proxying happens.
 */
export const gatewayConfigSchema = z
  .object({
    PORT: envField.port(3000),
    ...listenEnv,
    ...trustProxyEnv,
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,
    /**
     * The site's public address (https://wildframe.example.org): links in social previews
     * (og:url, og:image) use it. Unset: the request's own scheme and host, fine on a laptop but
     * chosen by whoever sends the request.
     */
    PUBLIC_ORIGIN: envField.url(['http', 'https']).transform((url) => new URL(url).origin).optional(),
    /** Folder of the built web app; unset to serve only /api. */
    WEB_DIR: envField.string().optional(),
    /** Shown on the privacy and terms pages (GET /api/site/config). */
    CONTACT_EMAIL: email().default('support@wildframe.app'),
    /** A separate support address, when there is one. */
    SUPPORT_EMAIL: email().optional(),
    /** The payment provider billing uses (same variable): the Content-Security-Policy allows Stripe.js only with `stripe`. */
    PAYMENT_PROVIDER: envField.oneOf(['sandbox', 'stripe'] as const, 'sandbox'),
    AUTH_URL: upstream(),
    PHOTOS_URL: upstream(),
    ANALYSIS_URL: upstream(),
    BILLING_URL: upstream(),
    CONTACT_URL: upstream(),
  })
  .superRefine(requireDriverSettings)
  .superRefine((value, ctx) => {
    const proxying = [value.AUTH_URL, value.PHOTOS_URL, value.ANALYSIS_URL, value.BILLING_URL, value.CONTACT_URL].some(Boolean);
    if (proxying && !value.AUTH_URL) ctx.addIssue({ code: 'custom', path: ['AUTH_URL'], message: 'is required when the gateway proxies to services' });
    if (proxying && !value.IDENTITY_SECRET) ctx.addIssue({ code: 'custom', path: ['IDENTITY_SECRET'], message: 'is required when the gateway proxies to services' });
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
