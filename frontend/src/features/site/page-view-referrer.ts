// What a page view reports as its referrer. Inside the app: the previous page's path. On arrival:
// only the origin of the referring site (a full address can carry search terms or tokens).

export const MAX_REFERRER_LENGTH = 2048;

export function arrivalReferrer(documentReferrer: string, ownOrigin: string): string {
  if (!documentReferrer) return '';
  try {
    const url = new URL(documentReferrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    // Coming from our own origin (e.g. a reload) the path is ours and safe to keep.
    if (url.origin === ownOrigin) return url.pathname.slice(0, MAX_REFERRER_LENGTH);
    return `${url.origin}/`;
  } catch {
    return '';
  }
}
