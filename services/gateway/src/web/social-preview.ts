import type { PhotoSocialPreview } from '@wildframe/contracts';

/** The spec's social image size. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** The photo a page path shows (/photo/:idOrSlug or /photos/:slug), or null for any other path. */
export function photoKeyFromPath(path: string): string | null {
  const match = /^\/photos?\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  try {
    const key = decodeURIComponent(match[1]).trim();
    return key && key.length <= 200 ? key : null;
  } catch {
    return null;
  }
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Open Graph and Twitter card tags for a photo page; every value HTML-escaped. */
export function socialPreviewTags(preview: PhotoSocialPreview, origin: string, pagePath: string): string {
  const imageUrl = new URL(preview.imagePath, origin).toString();
  const pageUrl = new URL(pagePath, origin).toString();
  const properties: Array<[string, string]> = [
    ['og:type', 'article'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', pageUrl],
    ['og:image', imageUrl],
    ['og:image:width', String(SOCIAL_IMAGE.width)],
    ['og:image:height', String(SOCIAL_IMAGE.height)],
  ];
  return [
    ...properties.map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`),
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
}

/** Puts `tags` at the end of the document's <head>; the document unchanged when it has none. */
export function injectIntoHead(html: string, tags: string): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) return html;
  return `${html.slice(0, end)}    ${tags}\n  ${html.slice(end)}`;
}

/** What the home page says of the site when shared (Open Graph and Twitter card). */
export const HOME_PREVIEW = {
  title: 'Wildframe — AI Feedback for Nature Photographers',
  description:
    'Upload a wildlife or landscape photo, get an AI rating out of 10 with written feedback on composition, lighting and clarity, and share your best work with nature photographers.',
  imagePath: '/api/assets/homepage-hero-grand-teton',
  imageAlt: 'The Grand Teton range at sunrise above a still lake',
} as const;

/** Open Graph and Twitter card tags for the home page; absolute links on `origin`. */
export function homeSocialTags(origin: string): string {
  const imageUrl = new URL(HOME_PREVIEW.imagePath, origin).toString();
  const pageUrl = new URL('/', origin).toString();
  const properties: Array<[string, string]> = [
    ['og:type', 'website'],
    ['og:site_name', 'Wildframe'],
    ['og:title', HOME_PREVIEW.title],
    ['og:description', HOME_PREVIEW.description],
    ['og:url', pageUrl],
    ['og:image', imageUrl],
    ['og:image:alt', HOME_PREVIEW.imageAlt],
  ];
  const names: Array<[string, string]> = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', HOME_PREVIEW.title],
    ['twitter:description', HOME_PREVIEW.description],
    ['twitter:image', imageUrl],
    ['twitter:image:alt', HOME_PREVIEW.imageAlt],
  ];
  return [
    ...properties.map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`),
    ...names.map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}
