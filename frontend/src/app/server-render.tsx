// The server's render of the gallery's first page (README, "First view"): the build bundles this
// module for Node into dist/ssr/ (build/prerender.ts), and the web server (services/gateway web-app
// middleware) loads it once and, for /gallery, draws the page with the first page of public photos
// in it, so the photos and their images are in the HTML. The data goes along as JSON
// (api/server-state) for the browser's store, so hydration draws the same and asks for nothing.
import { createCache } from '@ant-design/cssinjs';
import { serializeServerState } from '../api/server-state';
import { galleryRequest, readGalleryParams, type GalleryParams } from '../features/gallery/gallery-params';
import { GALLERY_PAGE_SIZE, photosApi } from '../features/photos/api';
import type { GalleryPage } from '../features/photos/types';
import { renderRoute } from './render-route';
import { createStore } from './store';

/** The address the server renders, and the gallery API query whose answer it is drawn with. */
export const GALLERY_PATH = '/gallery';

const PARAM_NAMES = new Set(['category', 'search', 'sort', 'page']);
const DEFAULT_PARAMS: GalleryParams = readGalleryParams(new URLSearchParams());

/**
 * The query string of `GET /api/photos` the page at `/gallery{search}` asks for first, when that
 * is the first page of the default filter and sort (what most visitors open); otherwise null.
 */
export function galleryApiQuery(search: string): string | null {
  const address = new URLSearchParams(search);
  if ([...address.keys()].some((name) => !PARAM_NAMES.has(name))) return null;
  const params = readGalleryParams(address);
  if (JSON.stringify(params) !== JSON.stringify(DEFAULT_PARAMS)) return null;
  // The same parameters, in the same order, as the page's query (features/photos/api getGallery).
  const request = galleryRequest(params);
  return new URLSearchParams({ public: 'true', sort: request.sort, page: String(request.page), pageSize: String(GALLERY_PAGE_SIZE) }).toString();
}

export interface RenderedGallery {
  /** The markup of #root. */
  markup: string;
  /** The `<script type="application/json">` with the store's state, for after #root. */
  state: string;
}

/** /gallery{search} drawn with `page`, the API's answer to galleryApiQuery(search). */
export async function renderGallery(search: string, page: GalleryPage): Promise<RenderedGallery> {
  const request = galleryRequest(readGalleryParams(new URLSearchParams(search)));
  const store = createStore();
  store.dispatch(photosApi.util.upsertQueryEntries([{ endpointName: 'getGallery', arg: request, value: page }]));
  // The styles are in the build's stylesheet of this page; this cache is thrown away.
  const markup = await renderRoute(`${GALLERY_PATH}${search}`, createCache(), store);
  const state = serializeServerState({ api: store.getState().api });
  // The entry would otherwise wait for a subscriber with a timer (keepUnusedDataFor), holding the
  // store for minutes after the page has gone.
  store.dispatch(photosApi.util.resetApiState());
  return { markup, state };
}
