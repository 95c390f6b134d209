import { Logger } from '@nestjs/common';
import type { PhotoGalleryAnswer } from '@wildframe/contracts';
import type { Request } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Asks the photos service for a gallery page (`GET /api/photos?{query}`) as this request's visitor
 * gets it; undefined when no photos service can answer here. Only a `shared` answer (no liked
 * flags of a guest's own) is kept for other visitors.
 */
export type GalleryLookup = (query: string, req: Request) => Promise<PhotoGalleryAnswer> | undefined;

/** What the web build's server bundle offers (frontend/src/app/server-render.tsx). */
export interface GalleryRenderModule {
  galleryApiQuery(search: string): string | null;
  renderGallery(search: string, page: unknown): Promise<{ markup: string; state: string }>;
}

/** The gallery's HTML with the markup and the store's state in place of the template's outlet. */
export interface GalleryRenderer {
  /** The API query the page at /gallery{search} is drawn from, or null when it is not rendered here. */
  apiQuery(search: string): string | null;
  render(search: string, page: unknown): Promise<string>;
}

/** Where the markup goes in dist/ssr/gallery.html (frontend/build/prerender.ts writes it). */
const SSR_OUTLET = '<!--ssr-outlet-->';
const ROOT_WITH_OUTLET = `<div id="root">${SSR_OUTLET}</div>`;

const logger = new Logger('WebApp');

/**
 * The renderer built with the web app (`{webDir}/ssr/`), or null when this build has none. The
 * bundle (some 6 MB: React, antd and the app's code) is loaded once, on first use, so a process
 * that never serves the gallery never pays for it.
 */
export function galleryRendererFrom(webDir: string): GalleryRenderer | null {
  const bundleFile = join(webDir, 'ssr', 'gallery-render.cjs');
  const templateFile = join(webDir, 'ssr', 'gallery.html');
  if (!existsSync(bundleFile) || !existsSync(templateFile)) return null;
  let loaded: { module: GalleryRenderModule; template: string } | null | undefined;
  const load = () => {
    if (loaded !== undefined) return loaded;
    try {
      const template = readFileSync(templateFile, 'utf8');
      if (!template.includes(ROOT_WITH_OUTLET)) throw new Error(`${templateFile} has no ${ROOT_WITH_OUTLET}`);
      loaded = { module: require(bundleFile) as GalleryRenderModule, template };
    } catch (error) {
      logger.warn({ err: error, bundleFile }, 'the gallery cannot be rendered on the server; serving its prerendered page');
      loaded = null;
    }
    return loaded;
  };
  return {
    apiQuery: (search) => load()?.module.galleryApiQuery(search) ?? null,
    async render(search, page) {
      const renderer = load();
      if (!renderer) throw new Error('no gallery renderer');
      const { markup, state } = await renderer.module.renderGallery(search, page);
      return renderer.template.replace(ROOT_WITH_OUTLET, () => `<div id="root">${markup}</div>${state}`);
    },
  };
}

export interface ServerRenderedGalleryOptions {
  renderer: GalleryRenderer;
  lookup: GalleryLookup;
  /** Past this the photos' answer is not waited for: the prerendered page is sent. */
  budgetMs: number;
}

function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The gallery's first page drawn on the server with its photos (README, "First view"): the HTML
 * of `/gallery` (or an address that shows the same page), or null to send the prerendered page
 * (another page of the gallery, no photos service here, its answer failed or came too late, or
 * the render failed). The photos are asked each time (their public reads are cached where they
 * are kept, and cleared by writes), so the page is never older than theirs; the drawing, the
 * costly part, is reused while the answer every visitor gets at `/gallery` stays the same.
 */
export function serverRenderedGallery(options: ServerRenderedGalleryOptions): (req: Request) => Promise<string | null> {
  const { renderer, lookup, budgetMs } = options;
  // Only the plain address is kept: other addresses of the same page are endless (`?page=1&page=1`).
  let kept: { body: string; html: string } | undefined;
  return async (req) => {
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const query = renderer.apiQuery(search);
    if (query === null) return null;
    try {
      const asked = lookup(query, req);
      if (!asked) return null;
      const answer = await withinBudget(asked, budgetMs);
      const reusable = answer.shared && search === '';
      if (reusable && kept?.body === answer.body) return kept.html;
      const html = await renderer.render(search, JSON.parse(answer.body) as unknown);
      if (reusable) kept = { body: answer.body, html };
      return html;
    } catch (error) {
      logger.warn({ err: error, path: req.originalUrl }, 'the gallery was not rendered with its photos; serving its prerendered page');
      return null;
    }
  };
}
