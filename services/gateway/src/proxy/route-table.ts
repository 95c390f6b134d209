/** The services behind the gateway. */
export type Upstream = 'auth' | 'photos' | 'analysis' | 'billing' | 'contact';

/**
 * Which service answers which public path. Order matters: the first match wins, so the more
 * specific rules (editing suggestions under /photos) come before the general ones.
 */
export const ROUTE_TABLE: ReadonlyArray<{ pattern: RegExp; upstream: Upstream }> = [
  { pattern: /^\/api\/photos\/[^/]+\/editing-suggestions\/?$/, upstream: 'analysis' },
  { pattern: /^\/api\/auth(\/|$)/, upstream: 'auth' },
  { pattern: /^\/api\/user\/(profile|avatar|security-questions|password|preferences)\/?$/, upstream: 'auth' },
  { pattern: /^\/api\/admin\/users(\/|$)/, upstream: 'auth' },
  { pattern: /^\/api\/users\/[^/]+\/avatar\/?$/, upstream: 'auth' },
  { pattern: /^\/api\/photos(\/|$)/, upstream: 'photos' },
  { pattern: /^\/api\/user\/(photos|stats)\/?$/, upstream: 'photos' },
  { pattern: /^\/api\/(upload-limits|featured-photos)\/?$/, upstream: 'photos' },
  { pattern: /^\/api\/assets\//, upstream: 'photos' },
  { pattern: /^\/api\/photographers(\/|$)/, upstream: 'photos' },
  { pattern: /^\/api\/(species|map)(\/|$)/, upstream: 'photos' },
  { pattern: /^\/api\/admin\/photos(\/|$)/, upstream: 'photos' },
  {
    pattern:
      /^\/api\/(create-subscription-signup|complete-subscription|complete-subscription-upgrade|get-or-create-subscription|cancel-subscription)\/?$/,
    upstream: 'billing',
  },
  { pattern: /^\/api\/(billing|plans)(\/|$)/, upstream: 'billing' },
  { pattern: /^\/api\/contact\/?$/, upstream: 'contact' },
  { pattern: /^\/api\/admin\/contact-messages(\/|$)/, upstream: 'contact' },
];

/** The service for a request path (query string ignored), or undefined for the gateway's own routes. */
export function upstreamFor(url: string): Upstream | undefined {
  const path = url.split('?', 1)[0] ?? url;
  return ROUTE_TABLE.find((rule) => rule.pattern.test(path))?.upstream;
}

/**
 * Whether a request path reaches a service's internal API (/api/internal/**: service-to-service
 * calls, guarded by INTERNAL_API_TOKEN), which the gateway never forwards from outside. Checked on
 * the path as a service would see it: percent-decoded, dot segments resolved (`/api/auth/../internal`),
 * repeated slashes collapsed, any letter case.
 */
export function isInternalPath(url: string): boolean {
  const raw = url.split('?', 1)[0] ?? url;
  const candidates = [raw];
  try {
    candidates.push(decodeURIComponent(raw));
  } catch {
    // Not valid percent-encoding: the raw and resolved forms are still checked.
  }
  for (const path of [...candidates]) candidates.push(new URL(path.replace(/\\/g, '/'), 'http://gateway.invalid').pathname);
  return candidates.some((path) => /^\/+api\/+internal(\/|$)/i.test(path.replace(/\/{2,}/g, '/')));
}
