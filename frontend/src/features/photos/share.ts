// Sharing a photo page: the canonical URL is /photos/{slug}; the gateway serves it with the
// social preview tags, so the share dialogs of Facebook and LinkedIn show the photo.
export function photoPath(photo: { slug: string }): string {
  return `/photos/${encodeURIComponent(photo.slug)}`;
}

export function photoPageUrl(origin: string, photo: { slug: string }): string {
  return new URL(photoPath(photo), origin).toString();
}

export function facebookShareUrl(pageUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`;
}

export function linkedInShareUrl(pageUrl: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`;
}
