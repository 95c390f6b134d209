import { useEffect, useLayoutEffect } from 'react';

export const SITE_NAME = 'Wildframe';
export const DEFAULT_DESCRIPTION =
  'Wildframe is a community for wildlife and landscape photographers: upload a photo, get an AI rating with written feedback, and share your best work.';

export function formatDocumentTitle(pageTitle: string): string {
  return `${SITE_NAME} — ${pageTitle}`;
}

function setMetaDescription(content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

export function applyDocumentMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  document.title = formatDocumentTitle(title);
  setMetaDescription(description);
}

/**
 * The route's default title and description. A layout effect, so that a page calling
 * `useDocumentMeta` (a passive effect, run after every layout effect of the same commit) wins.
 */
export function useRouteDocumentMeta(title: string, description?: string): void {
  useLayoutEffect(() => applyDocumentMeta(title, description), [title, description]);
}

/** For pages whose title depends on data, e.g. a photo's own title. */
export function useDocumentMeta(title: string, description?: string): void {
  useEffect(() => applyDocumentMeta(title, description), [title, description]);
}
