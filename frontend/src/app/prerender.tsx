// The build renders the first view of a few pages into their HTML (frontend/build/prerender.ts
// runs this module in Node), so the heading and the leading image paint before any script ran;
// the browser then hydrates that HTML (main.tsx). It also collects the antd styles those pages
// use, written to a stylesheet with antd's cache map: the browser takes them from the file instead
// of generating them at startup (the main-thread time a phone spent before the first paint).
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app';
import { appRoutes, preloadPage } from './router';
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
  const markup = await renderWith(path, pageCache);
  await renderWith(path, allPagesCache);
  return { markup, styles: stylesheet(pageCache) };
}

async function renderWith(path: string, styleCache: ReturnType<typeof createCache>): Promise<string> {
  await preloadPage(path);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <StyleProvider cache={styleCache}>
        <AppProviders store={createStore()}>
          {/* hydrate=false: no inline script with router state (the CSP allows none; no loaders). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
  );
  // React puts a preload of the high-priority image first; public/early.js preloads it at the size
  // this screen takes, and a tag in the markup would not be part of what the browser hydrates.
  return markup.replace(/^(?:<link rel="preload"[^>]*>)+/, '');
}

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
