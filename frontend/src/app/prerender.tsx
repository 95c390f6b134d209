// The build renders the first view of a few pages into their HTML (frontend/build/prerender.ts
// runs this module in Node), so the heading and the leading image paint before any script ran;
// the browser then hydrates that HTML (main.tsx). It also collects the antd styles those pages
// use, written to a stylesheet with antd's cache map: the browser takes them from the file instead
// of generating them at startup (the main-thread time a phone spent before the first paint).
import { createCache, extractStyle } from '@ant-design/cssinjs';
import { photosApi } from '../features/photos/api';
import type { GalleryPage } from '../features/photos/types';
import { renderRoute } from './render-route';
import { createStore } from './store';
import { themeCssVariables } from './theme';

/** The pages whose HTML the build writes, with the file the web server sends for each. */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/gallery', file: 'gallery.html' },
] as const;

/** The antd styles of every page rendered, for the pages that are not prerendered. */
const allPagesCache = createCache();

export interface PrerenderedPage {
  /** The markup of #root, as a visitor without a session first sees the page. */
  markup: string;
  /** The stylesheet of this page alone (see firstViewStyles). */
  styles: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const pageCache = createCache();
  const markup = await renderRoute(path, pageCache, createStore());
  await renderRoute(path, allPagesCache, createStore());
  // The server draws the gallery with its first page of photos (app/server-render): the styles of
  // the cards and the pagination go into the page's stylesheet too, so its HTML paints styled.
  if (path === '/gallery') {
    for (const cache of [pageCache, allPagesCache]) {
      const store = storeWithGallery(SAMPLE_GALLERY);
      await renderRoute(path, cache, store);
      // Clears the entry's removal timer, which would keep the build running for minutes.
      store.dispatch(photosApi.util.resetApiState());
    }
  }
  return { markup, styles: stylesheet(pageCache) };
}

function storeWithGallery(page: GalleryPage) {
  const store = createStore();
  store.dispatch(photosApi.util.upsertQueryEntries([{ endpointName: 'getGallery', arg: { sort: 'newest', page: 1 }, value: page }]));
  return store;
}

/** A gallery page with a card of each kind (rated or not, liked or not, a photographer page or not). */
const SAMPLE_CARD: GalleryPage['photos'][number] = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'sample',
  title: 'Sample',
  category: 'wildlife',
  likes: 1,
  views: 1,
  username: 'sample',
  userFirstName: null,
  userLastName: null,
  overallRating: '4.5',
  thumbnailUrl: '/sample.webp',
  imageUrl: '/sample.webp',
  width: 800,
  height: 600,
  dominantColor: '#445544',
  uploadedAt: '2025-01-01T00:00:00.000Z',
  isFeatured: false,
  isPublic: true,
  photographerId: null,
  species: null,
  // A label, so the badges' styles are in the page's stylesheet too.
  labels: ['captive'],
  liked: false,
};
const SAMPLE_GALLERY: GalleryPage = {
  photos: [
    SAMPLE_CARD,
    { ...SAMPLE_CARD, id: '00000000-0000-4000-8000-000000000002', category: 'landscape', overallRating: null, liked: true, photographerId: '00000000-0000-4000-8000-000000000003' },
  ],
  total: 30,
  page: 1,
  pageSize: 12,
  totalPages: 3,
};

/**
 * A stylesheet: the layout's custom properties (main.tsx sets the same at startup, too late for
 * prerendered HTML) and the antd styles of the pages rendered into `styleCache`, with antd's map
 * of them, which tells the browser's antd these are already in a file.
 */
function stylesheet(styleCache: ReturnType<typeof createCache>): string {
  const variables = Object.entries(themeCssVariables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${variables}}\n${extractStyle(styleCache, { plain: true })}\n`;
}

/** The stylesheet of all the pages rendered so far, for every page that is not prerendered. */
export function firstViewStyles(): string {
  return stylesheet(allPagesCache);
}
